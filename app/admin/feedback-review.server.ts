// The feedback review's reading side (docs/decisions/020): the four kinds as
// one list shape, their notes, the new counts and the CSV export of a filtered
// view. What admins change is in feedback-actions.server.ts.
import { prisma } from "~/db.server";
import { bugReportAbout } from "~/errors/bug-report";
import { feedbackAbout } from "~/feedback/feedback-form";
import { settlePages } from "~/site/list-query";
import { wordsWhere } from "~/site/sql.server";
import {
  errorIdIn,
  type FeedbackFilters,
  type ItemKind,
  type NoteKind,
  normaliseStatus,
  storedValuesFor,
  toCsv,
} from "./feedback-review";

export const FEEDBACK_PAGE_SIZE = 25;
/** The export's ceiling: a filtered view bigger than this is cut (the header says so). */
export const CSV_MAX_ROWS = 10_000;

/** An internal note; `adminId` says whose it is (the one admin who may delete it). */
export type ReviewNote = { id: string; adminId: string | null; adminName: string; text: string; createdAt: string };

/** One listed item, whatever its kind: what it is, who sent it, and the fields a browser sent with it. */
export type ReviewItem = {
  kind: ItemKind;
  id: string;
  status: string;
  createdAt: string;
  /** e.g. "bug · ui", "severity high", "Subject: ...", "Work: ..." */
  summary: string;
  text: string;
  /** Labelled details: browser, operating system, screen, page, sender, error id, ... */
  fields: [string, string][];
  errorId: string | null;
  notes: ReviewNote[];
  /**
   * Who sent a piece of feedback or a bug report: their account (its admin page), "deleted" for an
   * account gone since, null when sent anonymously; undefined for the kinds that name their sender
   * in their own fields (contact messages, claims).
   */
  sender?: { id: string; username: string } | "deleted" | null;
};

type Where = Record<string, unknown>;

function statusWhere(kind: NoteKind, status: string | null): Where {
  return status ? { status: { in: storedValuesFor(kind, status) } } : {};
}

async function feedbackWhere(f: FeedbackFilters): Promise<Where> {
  return {
    ...statusWhere("feedback", f.status),
    ...(await wordsWhere<Where>("Feedback", ["content", "page", "browser", "operatingSystem"], f.q)),
    ...(f.type ? { type: f.type } : {}),
    ...(f.category ? { category: f.category } : {}),
  };
}

const iso = (d: Date) => d.toISOString();

/** The list's order: newest first unless the filters ask for the oldest. */
function newestFirst(f: FeedbackFilters) {
  const dir = f.sort === "oldest" ? ("asc" as const) : ("desc" as const);
  return [{ createdAt: dir }, { id: dir }];
}

async function loadRows(f: FeedbackFilters, skip: number, take: number) {
  switch (f.kind) {
    case "feedback": {
      const where = await feedbackWhere(f);
      const [rows, total] = await Promise.all([
        prisma.feedback.findMany({ where, orderBy: newestFirst(f), skip, take }),
        prisma.feedback.count({ where }),
      ]);
      return {
        total,
        items: rows.map(
          (r): Omit<ReviewItem, "notes"> => ({
            kind: "feedback",
            id: r.id,
            status: normaliseStatus("feedback", r.status),
            createdAt: iso(r.createdAt),
            summary: feedbackAbout(r.type, r.category),
            text: r.content,
            fields: [
              ["Browser", r.browser],
              ["Operating system", r.operatingSystem],
              ["Screen", r.screenResolution ?? "not sent"],
              ["Page", r.page ?? "not sent"],
              ["User agent", r.userAgent],
            ],
            errorId: r.type === "bug" ? errorIdIn(r.content) : null,
          }),
        ),
        raw: rows,
      };
    }
    case "bug": {
      const where = {
        ...statusWhere("bug", f.status),
        ...(await wordsWhere<Where>("BugReport", ["whatHappened", "page", "errorId"], f.q)),
      };
      const [rows, total] = await Promise.all([
        prisma.bugReport.findMany({ where, orderBy: newestFirst(f), skip, take }),
        prisma.bugReport.count({ where }),
      ]);
      return {
        total,
        items: rows.map(
          (r): Omit<ReviewItem, "notes"> => ({
            kind: "bug",
            id: r.id,
            status: r.status,
            createdAt: iso(r.createdAt),
            summary: bugReportAbout(r.severity),
            text: r.whatHappened,
            fields: [
              ["Steps", r.steps ?? "not given"],
              ["Expected", r.expected ?? "not given"],
              ["Page", r.page ?? "not sent"],
              ["User agent", r.userAgent],
            ],
            errorId: r.errorId,
          }),
        ),
        raw: rows,
      };
    }
    case "contact": {
      const where = {
        ...statusWhere("contact", f.status),
        ...(await wordsWhere<Where>("ContactMessage", ["message", "name", "email", "subject"], f.q)),
      };
      const [rows, total] = await Promise.all([
        prisma.contactMessage.findMany({ where, orderBy: newestFirst(f), skip, take }),
        prisma.contactMessage.count({ where }),
      ]);
      return {
        total,
        items: rows.map(
          (r): Omit<ReviewItem, "notes"> => ({
            kind: "contact",
            id: r.id,
            status: r.status,
            createdAt: iso(r.createdAt),
            summary: `contact message${r.subject ? ` · ${r.subject}` : ""}`,
            text: r.message,
            fields: [
              ["From", `${r.name} <${r.email}>`],
              ["Mailed to the site", r.mailedAt ? iso(r.mailedAt) : "no"],
            ],
            errorId: null,
          }),
        ),
        raw: rows,
      };
    }
    case "claim": {
      const where = {
        ...statusWhere("claim", f.status),
        ...(await wordsWhere<Where>("CopyrightClaim", ["work", "name", "email", "location"], f.q)),
      };
      const [rows, total] = await Promise.all([
        prisma.copyrightClaim.findMany({ where, orderBy: newestFirst(f), skip, take }),
        prisma.copyrightClaim.count({ where }),
      ]);
      return {
        total,
        items: rows.map(
          (r): Omit<ReviewItem, "notes"> => ({
            kind: "claim",
            id: r.id,
            status: normaliseStatus("claim", r.status),
            createdAt: iso(r.createdAt),
            summary: "copyright claim",
            text: r.work,
            fields: [
              ["From", `${r.name} <${r.email}>`],
              ["Where the copy is", r.location],
              ["Details", r.details ?? "none"],
              ["Statements", r.goodFaith && r.accurate ? "good faith and accuracy given" : "incomplete"],
            ],
            errorId: null,
          }),
        ),
        raw: rows,
      };
    }
  }
}

/** The notes on some items of one kind, oldest first, by item id. */
export async function notesFor(kind: NoteKind, ids: string[]): Promise<Map<string, ReviewNote[]>> {
  const rows = ids.length
    ? await prisma.adminNote.findMany({
        where: { itemType: kind, itemId: { in: ids } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      })
    : [];
  const out = new Map<string, ReviewNote[]>();
  for (const r of rows) {
    const list = out.get(r.itemId) ?? [];
    list.push({ id: r.id, adminId: r.adminId, adminName: r.adminName, text: r.text, createdAt: iso(r.createdAt) });
    out.set(r.itemId, list);
  }
  return out;
}

/** One page of a filtered view, with each item's notes; a page past the last answers a redirect to it (settlePages). */
export async function listReviewItems(request: Request, f: FeedbackFilters) {
  const { total, items, raw } = await loadRows(f, (f.page - 1) * FEEDBACK_PAGE_SIZE, FEEDBACK_PAGE_SIZE);
  const { pages } = settlePages(request, { page: f.page, total, size: FEEDBACK_PAGE_SIZE });
  const notes = await notesFor(
    f.kind,
    items.map((i) => i.id),
  );
  // The signed-in senders of feedback and bug reports (an admin follows up from their page).
  const senderIds = new Map<string, string | null>(
    f.kind === "feedback" || f.kind === "bug"
      ? raw.map((r) => [r.id, "userId" in r ? (r.userId as string | null) : null])
      : [],
  );
  const ids = [...new Set([...senderIds.values()].filter((id): id is string => id !== null))];
  const users = new Map(
    (ids.length
      ? await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } })
      : []
    ).map((u) => [u.id, u]),
  );
  const senderOf = (id: string): ReviewItem["sender"] => {
    if (!senderIds.has(id)) return undefined;
    const userId = senderIds.get(id);
    return userId ? (users.get(userId) ?? "deleted") : null;
  };
  return {
    total,
    pages,
    items: items.map((i): ReviewItem => ({ ...i, notes: notes.get(i.id) ?? [], sender: senderOf(i.id) })),
  };
}

/** How many of each kind wait for a first look (the kind tabs show them; the dashboard may too). */
export async function newCounts(): Promise<Record<ItemKind, number>> {
  const [feedback, bug, contact, claim] = await Promise.all([
    prisma.feedback.count({ where: { status: "new" } }),
    prisma.bugReport.count({ where: { status: "new" } }),
    prisma.contactMessage.count({ where: { status: "new" } }),
    prisma.copyrightClaim.count({ where: { status: { in: storedValuesFor("claim", "received") } } }),
  ]);
  return { feedback, bug, contact, claim };
}

const CSV_HEADERS: Record<ItemKind, string[]> = {
  feedback: [
    "id",
    "created",
    "type",
    "category",
    "status",
    "content",
    "page",
    "browser",
    "operating system",
    "screen",
    "user agent",
    "notes",
  ],
  bug: [
    "id",
    "created",
    "severity",
    "status",
    "what happened",
    "steps",
    "expected",
    "page",
    "error id",
    "user agent",
    "notes",
  ],
  contact: ["id", "created", "status", "name", "email", "subject", "message", "notes"],
  claim: ["id", "created", "status", "name", "email", "work", "location", "details", "notes"],
};

/** The whole filtered view (every page, up to CSV_MAX_ROWS) as CSV; notes joined as "admin (time): text". */
export async function exportCsv(f: FeedbackFilters): Promise<string> {
  const loaded = await loadRows(f, 0, CSV_MAX_ROWS);
  const notes = await notesFor(
    f.kind,
    loaded.items.map((i) => i.id),
  );
  const noteText = (id: string) =>
    (notes.get(id) ?? []).map((n) => `${n.adminName} (${n.createdAt}): ${n.text}`).join("\n");
  const rows: unknown[][] = [];
  if (f.kind === "feedback") {
    for (const r of loaded.raw as Awaited<ReturnType<typeof prisma.feedback.findMany>>) {
      rows.push([
        r.id,
        r.createdAt,
        r.type,
        r.category,
        normaliseStatus("feedback", r.status),
        r.content,
        r.page,
        r.browser,
        r.operatingSystem,
        r.screenResolution,
        r.userAgent,
        noteText(r.id),
      ]);
    }
  } else if (f.kind === "bug") {
    for (const r of loaded.raw as Awaited<ReturnType<typeof prisma.bugReport.findMany>>) {
      rows.push([
        r.id,
        r.createdAt,
        r.severity,
        r.status,
        r.whatHappened,
        r.steps,
        r.expected,
        r.page,
        r.errorId,
        r.userAgent,
        noteText(r.id),
      ]);
    }
  } else if (f.kind === "contact") {
    for (const r of loaded.raw as Awaited<ReturnType<typeof prisma.contactMessage.findMany>>) {
      rows.push([r.id, r.createdAt, r.status, r.name, r.email, r.subject, r.message, noteText(r.id)]);
    }
  } else {
    for (const r of loaded.raw as Awaited<ReturnType<typeof prisma.copyrightClaim.findMany>>) {
      rows.push([
        r.id,
        r.createdAt,
        normaliseStatus("claim", r.status),
        r.name,
        r.email,
        r.work,
        r.location,
        r.details,
        noteText(r.id),
      ]);
    }
  }
  return toCsv(CSV_HEADERS[f.kind], rows);
}
