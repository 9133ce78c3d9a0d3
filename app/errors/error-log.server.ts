import { prisma } from "~/db.server";
import { ERROR_LOG_KEEP, type ErrorRecord } from "./error-log";

/** Stores an error record (a repeated id is ignored) and keeps only the latest records. */
export async function saveErrorRecord(record: ErrorRecord, source: "browser" | "server" = "browser") {
  const context = record.context ? JSON.stringify(record.context).slice(0, 10_000) : null;
  await prisma.errorLog.upsert({
    where: { id: record.id },
    update: {},
    create: {
      id: record.id,
      timestamp: record.timestamp ? new Date(record.timestamp) : new Date(),
      message: record.message,
      stack: record.stack ?? null,
      componentStack: record.componentStack ?? null,
      userAgent: record.userAgent ?? null,
      url: record.url ?? null,
      userId: record.userId ?? null,
      context,
      source,
    },
  });
  const cutoff = await prisma.errorLog.findMany({
    orderBy: { receivedAt: "desc" },
    skip: ERROR_LOG_KEEP,
    take: 1,
    select: { receivedAt: true },
  });
  if (cutoff[0]) await prisma.errorLog.deleteMany({ where: { receivedAt: { lte: cutoff[0].receivedAt } } });
}
