import type { z } from "zod";
import { prisma } from "~/db.server";
import { clientInfo } from "~/utils/user-agent.server";
import type { BugReportSchema } from "./bug-report";

export async function saveBugReport(input: z.output<typeof BugReportSchema>, request: Request, userId: string | null) {
  return prisma.bugReport.create({
    data: {
      ...input,
      steps: input.steps || null,
      expected: input.expected || null,
      page: input.page || null,
      errorId: input.errorId || null,
      userAgent: clientInfo(request.headers.get("User-Agent")).userAgent,
      userId,
    },
    select: { id: true },
  });
}
