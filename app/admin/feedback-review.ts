// The feedback review (docs/decisions/020): what readers sent, in four
// kinds, each with its own statuses; the forms of /admin/feedback and
// /admin/bug-reports; and the CSV export's cell rules. Pure: the unit tests and
// the route modules import it; app/admin/feedback-review.server.ts does the database.
import { z } from "zod";
import { FEEDBACK_CATEGORIES, FEEDBACK_TYPES } from "~/feedback/feedback-form";
import { readListSearch, readPage } from "~/site/list-query";

/** What the review lists: feedback (incl. error reports), bug reports, contact messages, copyright claims. */
export const ITEM_KINDS = ["feedback", "bug", "contact", "claim"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
/** Notes may also be kept on an error group (/admin/bug-reports). */
export type NoteKind = ItemKind | "error";

export const KIND_LABELS: Record<ItemKind, string> = {
  feedback: "Feedback and error reports",
  bug: "Bug reports",
  contact: "Contact messages",
  claim: "Copyright claims",
};

/** Each kind's statuses, in their order of work; the first is a new item's. */
export const STATUSES = {
  feedback: ["new", "in-review", "done", "wont-do"],
  bug: ["new", "confirmed", "fixed", "closed"],
  contact: ["new", "answered", "closed"],
  claim: ["received", "content-removed", "rejected"],
  error: ["new", "investigating", "fixed", "ignored"],
} as const satisfies Record<NoteKind, readonly string[]>;

/** Each kind's statuses that still wait for work: the "open" filter, and the Dashboard's counts. */
export const OPEN_STATUSES = {
  feedback: ["new", "in-review"],
  bug: ["new", "confirmed"],
  contact: ["new"],
  claim: ["received"],
  error: ["new", "investigating"],
} as const satisfies { [K in NoteKind]: readonly (typeof STATUSES)[K][number][] };

/** The filter value of OPEN_STATUSES. */
export const OPEN = "open";

export const STATUS_LABELS: Record<string, string> = {
  open: "Open",
  new: "New",
  "in-review": "In review",
  done: "Done",
  "wont-do": "Won't do",
  confirmed: "Confirmed",
  fixed: "Fixed",
  closed: "Closed",
  answered: "Answered",
  received: "Received",
  "content-removed": "Content removed",
  rejected: "Rejected",
  investigating: "Investigating",
  ignored: "Ignored",
};

/**
 * Status values of the first feedback forms, before the review had its own (the migration maps
 * them; a row written since by old code reads the same).
 */
const LEGACY: Partial<Record<NoteKind, Record<string, string>>> = {
  feedback: { reviewed: "in-review", resolved: "done" },
  claim: { new: "received", reviewing: "received", upheld: "content-removed" },
};

/** The status as the review shows it: an old value mapped, an unknown one left as it is. */
export function normaliseStatus(kind: NoteKind, status: string): string {
  return LEGACY[kind]?.[status] ?? status;
}

/** A status as the reader who sent the item reads it (/user/feedback-dashboard): the review's word, "Received" for a new one. */
export function senderStatusLabel(kind: NoteKind, status: string): string {
  const current = normaliseStatus(kind, status);
  return current === "new" ? "Received" : (STATUS_LABELS[current] ?? current);
}

export function isStatusOf(kind: NoteKind, status: string): boolean {
  return (STATUSES[kind] as readonly string[]).includes(status);
}

/** The stored values a status filter matches (the new value and the old ones mapped to it; "open": each open status's). */
export function storedValuesFor(kind: NoteKind, status: string): string[] {
  if (status === OPEN) return OPEN_STATUSES[kind].flatMap((s) => storedValuesFor(kind, s));
  const legacy = Object.entries(LEGACY[kind] ?? {})
    .filter(([, to]) => to === status)
    .map(([from]) => from);
  return [status, ...legacy];
}

/**
 * Audit verbs: `${kind}.status`, `${kind}.note`, `${kind}.note-delete` (feedback.status, claim.status,
 * bug.status, error.status, feedback.note-delete, ...).
 */
export const auditAction = (kind: NoteKind, what: "status" | "note" | "note-delete") => `${kind}.${what}` as const;

/** When an item, note or logged error came, to the minute, as both review pages show it (UTC: admins sit anywhere). */
export const reviewTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export const NOTE_MAX = 2000;
export const BULK_MAX = 100;

const kind = z.enum(ITEM_KINDS, { error: "This form could not be sent as it was." });
const itemId = z.string({ error: "Choose an item." }).trim().min(1).max(100);
const status = z.string({ error: "Choose a status." }).trim().min(1, "Choose a status.").max(40);

/** The feedback page's three forms, told apart by the named submit button (`intent`). */
export const FeedbackActionSchema = z
  .discriminatedUnion("intent", [
    z.object({ intent: z.literal("status"), kind, id: itemId, status }),
    z.object({
      intent: z.literal("note"),
      kind,
      id: itemId,
      text: z
        .string({ error: "Write the note first." })
        .trim()
        .min(1, "Write the note first.")
        .max(NOTE_MAX, `Keep the note under ${NOTE_MAX} characters.`),
    }),
    z.object({
      intent: z.literal("note-delete"),
      kind,
      id: itemId,
      note: z.string({ error: "This form could not be sent as it was." }).trim().min(1).max(100),
    }),
    z.object({
      intent: z.literal("bulk-status"),
      kind,
      id: z
        .array(itemId, { error: "Tick at least one item." })
        .min(1, "Tick at least one item.")
        .max(BULK_MAX, `Change at most ${BULK_MAX} items at once.`),
      status,
    }),
  ])
  .superRefine((value, ctx) => {
    if ("status" in value && !isStatusOf(value.kind, value.status)) {
      ctx.addIssue({ code: "custom", path: ["status"], message: "Choose one of the listed statuses." });
    }
  });
export type FeedbackAction = z.output<typeof FeedbackActionSchema>;

/**
 * Where the page opens again after an action (its redirect's #fragment): at the item acted on, or at
 * the bulk form, so an admin on a phone does not scroll back down a long list (without JavaScript
 * the page loads again; with it, React Router scrolls to the fragment).
 */
export function feedbackActionAnchor(action: FeedbackAction): string {
  return action.intent === "bulk-status" ? "#bulk" : `#${action.kind}-${action.id}`;
}

/** The bug reports page: a bug report's status, or an error group's (named by its key). */
export const BugActionSchema = z
  .discriminatedUnion("intent", [
    z.object({ intent: z.literal("bug-status"), id: itemId, status }),
    z.object({
      intent: z.literal("error-status"),
      id: z.string({ error: "Choose an item." }).regex(/^[0-9a-f]{64}$/, "This form could not be sent as it was."),
      status,
    }),
  ])
  .superRefine((value, ctx) => {
    const k = value.intent === "bug-status" ? "bug" : "error";
    if (!isStatusOf(k, value.status)) {
      ctx.addIssue({ code: "custom", path: ["status"], message: "Choose one of the listed statuses." });
    }
  });
export type BugAction = z.output<typeof BugActionSchema>;

/** The list's filters, read from the query string; a value that is not one of the choices is ignored. */
export type FeedbackFilters = {
  kind: ItemKind;
  type: (typeof FEEDBACK_TYPES)[number] | null;
  category: (typeof FEEDBACK_CATEGORIES)[number] | null;
  status: string | null;
  /** Words the item's text, sender or page contains (at most 100 characters). */
  q: string | null;
  /** The search box held more than LIST_SEARCH_MAX characters (app/site/list-query.ts). */
  shortened: boolean;
  /** Newest first unless "oldest". */
  sort: "newest" | "oldest";
  page: number;
};

const pick = <T extends string>(choices: readonly T[], value: string | null): T | null =>
  value !== null && (choices as readonly string[]).includes(value) ? (value as T) : null;

/**
 * The review queue (/admin/feedback-review) opens on each kind's first status (new, or a
 * claim's received); `status=all` asks for every status there.
 */
export function readFilters(params: URLSearchParams, reviewQueue = false): FeedbackFilters {
  const k = pick(ITEM_KINDS, params.get("kind")) ?? "feedback";
  const raw = params.get("status");
  const chosen =
    raw === "all" ? null : (pick(STATUSES[k], raw) ?? (raw === null && reviewQueue ? STATUSES[k][0] : null));
  const search = readListSearch(params.get("q"));
  return {
    kind: k,
    type: k === "feedback" ? pick(FEEDBACK_TYPES, params.get("type")) : null,
    category: k === "feedback" ? pick(FEEDBACK_CATEGORIES, params.get("category")) : null,
    status: raw === OPEN ? OPEN : chosen && isStatusOf(k, chosen) ? chosen : null,
    q: search.q || null,
    shortened: search.shortened,
    sort: params.get("sort") === "oldest" ? "oldest" : "newest",
    page: readPage(params.get("page")),
  };
}

/** The query string of a filtered view (what links, the export and redirects keep). */
export function filterQuery(filters: Partial<FeedbackFilters>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.kind && filters.kind !== "feedback") params.set("kind", filters.kind);
  if (filters.type) params.set("type", filters.type);
  if (filters.category) params.set("category", filters.category);
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  if (filters.sort === "oldest") params.set("sort", "oldest");
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * The bulk form's ticks arrive as `id[0]`, `id[3]`, ... (the site refuses a field sent twice,
 * app/utils/http.ts): the same form with them as one list `id[0]`, `id[1]`, ... without gaps,
 * which conform reads as an array.
 */
export function foldTicks(form: FormData, name = "id"): FormData {
  const pattern = new RegExp(`^${name}\\[\\d+\\]$`);
  const out = new FormData();
  let n = 0;
  for (const [key, value] of form) {
    if (pattern.test(key)) out.append(`${name}[${n++}]`, value);
    else out.append(key, value);
  }
  return out;
}

/** The error id an error screen's report carries ("Error Report - ID: err_..."), if any. */
export function errorIdIn(text: string | null | undefined): string | null {
  return text?.match(/\berr_[A-Za-z0-9_]{1,80}\b/)?.[0] ?? null;
}

// --- CSV (RFC 4180, and OWASP's CSV injection advice) ---

/**
 * What makes a spreadsheet read a cell as a formula (OWASP: = + - @ tab CR), and
 * the full-width forms some spreadsheets also take.
 */
const FORMULA = "=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20";
const FORMULA_START = new RegExp(`^(?:[\\t\\r]|[ \\u00a0]*[${FORMULA}])`);
/**
 * Where a spreadsheet may start a cell inside our text: after a separator of
 * another locale (German Excel splits on ";", some imports on tab) or a line
 * break, past any spaces. A spreadsheet that splits a row on ";" does not
 * honour our quotes, so `a;=cmd` inside a quoted cell would still run (issue 39).
 */
const FORMULA_AFTER_SEPARATOR = new RegExp(`([;\\t\\r\\n])(?=[ \\t\\u00a0]*[${FORMULA}])`, "g");

/**
 * One CSV cell. Text is always quoted, its quotes doubled (RFC 4180), and a
 * formula is neutralised wherever a cell could start: at the start and after a
 * ";", tab or line break, an apostrophe goes first (a spreadsheet then shows
 * the rest as text). Numbers and dates are written as they are; null is empty.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  let text = String(value).replace(FORMULA_AFTER_SEPARATOR, "$1'");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Rows to CSV text: CRLF line ends, a header row first. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
