import { z } from "zod";
import { ERROR_ID_PATTERN } from "./error-log";

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;

/** What the form's "How bad is it?" choices say (the reader's list of their reports says the same). */
export const SEVERITY_LABELS: Record<(typeof SEVERITIES)[number], string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Critical",
};

/** What a bug report is, in the form's words ("Bug report · High"): the reader's list and the review say it so. */
export const bugReportAbout = (severity: string) =>
  `Bug report · ${(SEVERITY_LABELS as Record<string, string>)[severity] ?? severity}`;

/** The longest answer and page address: the schema's check and the inputs' maxlength. */
export const BUG_REPORT_LIMITS = { text: 5000, page: 500 } as const;

export const BugReportSchema = z.object({
  whatHappened: z
    .string({ error: "Tell us what happened." })
    .trim()
    .min(5, "Tell us a little more about what happened.")
    .max(BUG_REPORT_LIMITS.text),
  steps: z.string().trim().max(BUG_REPORT_LIMITS.text).optional(),
  expected: z.string().trim().max(BUG_REPORT_LIMITS.text).optional(),
  page: z.string().max(BUG_REPORT_LIMITS.page).optional(),
  severity: z.enum(SEVERITIES).default("medium"),
  errorId: z.string().regex(ERROR_ID_PATTERN).optional(),
});
