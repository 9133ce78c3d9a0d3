import { z } from "zod";
import { ERROR_ID_PATTERN } from "./error-log";

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;

export const BugReportSchema = z.object({
  whatHappened: z
    .string({ error: "Tell us what happened." })
    .trim()
    .min(5, "Tell us a little more about what happened.")
    .max(5000),
  steps: z.string().trim().max(5000).optional(),
  expected: z.string().trim().max(5000).optional(),
  page: z.string().max(500).optional(),
  severity: z.enum(SEVERITIES).default("medium"),
  errorId: z.string().regex(ERROR_ID_PATTERN).optional(),
});
