// Analytics rules shared by the browser and the server (spec §3 page
// view / web vitals / performance reports, §7 analytics, §8 analytics messages,
// docs/decisions/023): what a report may contain, what each page counts as, and
// who may be counted at all.
import { z } from "zod";

export { performanceScore } from "./score";

/** The metrics reported. FID is gone from web-vitals (v5): INP, its successor, is reported in its place. */
export const VITAL_NAMES = ["CLS", "INP", "LCP", "FCP", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** web.dev's "good" thresholds (p75): https://web.dev/articles/vitals. CLS is unitless, the others milliseconds. */
export const GOOD_THRESHOLDS: Record<VitalName, number> = { CLS: 0.1, INP: 200, LCP: 2500, FCP: 1800, TTFB: 800 };

/** The spec's messages when an admin analytics call fails (§8). */
export const FETCH_ERRORS = {
  readingTime: "Failed to fetch reading time analytics",
  devices: "Failed to fetch device analytics",
  engagement: "Failed to fetch engagement metrics",
} as const;

/** The admin JSON endpoints (§7), by the report they answer. */
export const REPORT_ENDPOINTS = {
  readingTime: "/api/analytics/reading-time-test",
  devices: "/api/analytics/devices-test",
  engagement: "/api/analytics/engagement-test",
} as const;

export const PAGE_TYPES = ["home", "stories", "story", "community", "settings", "account", "admin", "other"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** What kind of page a path is, for the per-page-type figures; the story's slug for story pages. */
export function classifyPath(path: string): { pageType: PageType; storySlug: string | null } {
  const story = /^\/(?:story|reader)\/([a-z0-9-]{1,200})\/?$/.exec(path);
  if (story) return { pageType: "story", storySlug: story[1] ?? null };
  if (path === "/" || path === "/home") return { pageType: "home", storySlug: null };
  if (path === "/stories" || path === "/reader" || path === "/search") return { pageType: "stories", storySlug: null };
  if (/^\/(community|community-story)(\/|$)/.test(path)) return { pageType: "community", storySlug: null };
  if (/^\/settings(\/|$)/.test(path)) return { pageType: "settings", storySlug: null };
  if (/^\/admin(\/|$)/.test(path)) return { pageType: "admin", storySlug: null };
  if (/^\/(profile|bookmarks|recommendations|notifications|submit-story|edit-story|auth)(\/|$)/.test(path))
    return { pageType: "account", storySlug: null };
  return { pageType: "other", storySlug: null };
}

export const SCREEN_CLASSES = ["phone", "tablet", "desktop", "unknown"] as const;
export type ScreenClass = (typeof SCREEN_CLASSES)[number];

/** Phone below the spec's 768 px mobile breakpoint (§9), tablet below 1024 px, desktop above. */
export function screenClass(width: number | null | undefined): ScreenClass {
  if (!width || !Number.isFinite(width) || width <= 0) return "unknown";
  if (width < 768) return "phone";
  if (width < 1024) return "tablet";
  return "desktop";
}

export const CONNECTIONS = ["slow-2g", "2g", "3g", "4g", "unknown"] as const;
export type Connection = (typeof CONNECTIONS)[number];

export function connectionType(value: string | null | undefined): Connection {
  const v = (value ?? "").trim().toLowerCase();
  return (CONNECTIONS as readonly string[]).includes(v) ? (v as Connection) : "unknown";
}

const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, "must not contain control characters.");
const path = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^\/[^\s\p{Cc}]*$/u, "Start with / and use no spaces.");
const dimension = z.number().int().min(0).max(100_000);
const milliseconds = z.number().finite().min(0).max(3_600_000);
const bytes = z.number().int().min(0).max(1_000_000_000);

/** POST /api/analytics/pageview (spec §3 page view report). `viewId` names the server's count of the same page load. */
export const PageViewReportSchema = z.object({
  path,
  referrer: text(2048).default(""),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  userAgent: text(1000).optional(),
  screenWidth: dimension.optional(),
  screenHeight: dimension.optional(),
  connection: text(20).optional(),
  saveData: z.boolean().optional(),
  viewId: z
    .string()
    .regex(/^[a-z0-9]{1,40}$/i)
    .optional(),
});
export type PageViewReport = z.infer<typeof PageViewReportSchema>;

/** POST /api/analytics/vitals (spec §3 web vitals report). */
export const VitalsReportSchema = z.object({
  metricName: z.enum(VITAL_NAMES, { error: `Use one of ${VITAL_NAMES.join(", ")}.` }),
  value: z.number().finite().min(0).max(3_600_000),
  identifier: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w.-]+$/, "Use letters, digits, _, . and - only."),
  navigationType: z
    .string()
    .regex(/^[a-z-]{0,40}$/, "Use one of web-vitals' names (lowercase letters and -).")
    .default(""),
  url: text(2048),
  userAgent: text(1000).optional(),
  connection: text(20).optional(),
});
export type VitalsReport = z.infer<typeof VitalsReportSchema>;

/** POST /api/analytics/performance (spec §3 performance report). */
export const PerformanceReportSchema = z.object({
  metrics: z.object({
    domContentLoaded: milliseconds,
    firstByte: milliseconds,
    loadEvent: milliseconds,
    transferSize: bytes,
    encodedBodySize: bytes,
    decodedBodySize: bytes,
  }),
  coreVitals: z.partialRecord(z.enum(VITAL_NAMES), z.number().finite().min(0).max(3_600_000)).default({}),
  performanceScore: z.number().int().min(0).max(100).nullable().optional(),
  userAgent: text(1000).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
  path,
  connection: text(20).optional(),
});
export type PerformanceReportBody = z.infer<typeof PerformanceReportSchema>;

/** The date-range form of /admin/analytics and the admin JSON endpoints: from/to as YYYY-MM-DD, at most 366 days. */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31.");
/** A real calendar day (2026-02-31 is not one, though Date.parse rolls it over to March). */
const realDay = (value: string | undefined) => {
  if (!value) return true;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
};
export const DateRangeSchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((r) => realDay(r.from), {
    message: "That start date does not exist.",
    path: ["from"],
  })
  .refine((r) => realDay(r.to), {
    message: "That end date does not exist.",
    path: ["to"],
  });

/** The UTC day of a time, YYYY-MM-DD. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (d <= end && days.length <= MAX_RANGE_DAYS) {
    days.push(dayOf(d));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return days;
}

/** A range from optional inputs: the last 30 days by default; an error message when it is not one. */
export function resolveRange(
  input: { from?: string; to?: string },
  now = new Date(),
): { from: string; to: string } | { error: string } {
  const to = input.to ?? dayOf(now);
  const fromDefault = new Date(`${to}T00:00:00Z`);
  fromDefault.setUTCDate(fromDefault.getUTCDate() - (DEFAULT_RANGE_DAYS - 1));
  const from = input.from ?? dayOf(fromDefault);
  if (from > to) return { error: "The start date must be on or before the end date." };
  // Days to come have no figures yet: shown as zeros they would read as days when nothing happened.
  const today = dayOf(now);
  if (to > today) return { error: `The end date must be today (${today}, UTC) or earlier.` };
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (span > MAX_RANGE_DAYS) return { error: `Choose at most ${MAX_RANGE_DAYS} days.` };
  return { from, to };
}

/** The 75th percentile (nearest rank), as the vitals are judged. */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? null;
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
