import { z } from "zod";

const text = (max: number) => z.string().max(max);

/** An error record's id, as newErrorId (client-logger.ts) makes it: err_<time>_<random>. */
const ERROR_ID = "err_[A-Za-z0-9_]{1,80}";
export const ERROR_ID_PATTERN = new RegExp(`^${ERROR_ID}$`);
/** The content of the error report an error screen sends (spec §7 POST /api/user-feedback). */
export const ERROR_REPORT_CONTENT_PATTERN = new RegExp(`^Error Report - ID: ${ERROR_ID}$`);

/** Spec §3 error log record; unhandled rejections send only { id, message }. */
export const ErrorRecordSchema = z.object({
  id: z.string().regex(ERROR_ID_PATTERN, "Use the form err_<time>_<random>."),
  message: text(2000).min(1),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  stack: text(20_000).nullish(),
  componentStack: text(20_000).nullish(),
  userAgent: text(500).nullish(),
  url: text(2000).nullish(),
  userId: text(100).nullish(),
  context: z.record(z.string(), z.unknown()).nullish(),
});
export type ErrorRecord = z.infer<typeof ErrorRecordSchema>;

/** How many error records the database keeps. */
export const ERROR_LOG_KEEP = 1000;
