// What admins change in the feedback review (docs/decisions/020): an item's
// status (one, or a ticked list) and internal notes, each written in one
// transaction with its admin audit row. feedback-review.server.ts reads.
import { data } from "react-router";
import { prisma } from "~/db.server";
import { sentItemHref } from "~/feedback/sent-lists";
import { notifyReader } from "~/notifications/notify.server";
import { type AuditActor, recordAdminAction } from "~/site/audit.server";
import {
  auditAction,
  type FeedbackAction,
  type ItemKind,
  type NoteKind,
  normaliseStatus,
  STATUSES,
} from "./feedback-review";

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

async function currentStatus(tx: Tx, kind: ItemKind, id: string): Promise<string | null> {
  const select = { status: true } as const;
  const row =
    kind === "feedback"
      ? await tx.feedback.findUnique({ where: { id }, select })
      : kind === "bug"
        ? await tx.bugReport.findUnique({ where: { id }, select })
        : kind === "contact"
          ? await tx.contactMessage.findUnique({ where: { id }, select })
          : await tx.copyrightClaim.findUnique({ where: { id }, select });
  return row ? normaliseStatus(kind, row.status) : null;
}

async function writeStatus(tx: Tx, kind: ItemKind, id: string, status: string) {
  const args = { where: { id }, data: { status } };
  if (kind === "feedback") await tx.feedback.update(args);
  else if (kind === "bug") await tx.bugReport.update(args);
  else if (kind === "contact") await tx.contactMessage.update(args);
  else await tx.copyrightClaim.update(args);
}

const notFound = () => data({ message: "That item no longer exists." }, { status: 404 });

/**
 * Sets items' status (one, or a ticked list), each change with its own audit row
 * (`feedback.status`, `bug.status`, `contact.status`, `claim.status`), all in one
 * transaction: an id that does not exist undoes the lot (404). Returns how many changed.
 */
export async function setStatuses(
  admin: AuditActor,
  kind: ItemKind,
  ids: string[],
  status: string,
  bulk = false,
): Promise<number> {
  if (!(STATUSES[kind] as readonly string[]).includes(status))
    throw data({ message: "No such status." }, { status: 400 });
  const changedIds: string[] = [];
  const changed = await prisma.$transaction(async (tx) => {
    let changed = 0;
    for (const id of new Set(ids)) {
      const before = await currentStatus(tx, kind, id);
      if (before === null) throw notFound();
      if (before === status) continue;
      changedIds.push(id);
      await writeStatus(tx, kind, id, status);
      await recordAdminAction(tx, admin, {
        action: auditAction(kind, "status"),
        objectType: kind,
        objectId: id,
        before: { status: before },
        after: bulk ? { status, bulk: true } : { status },
      });
      changed++;
    }
    return changed;
  });
  await tellSenders(kind, changedIds, status);
  return changed;
}

/** The statuses a signed-in sender is told of: their report's or feedback's end. */
const TOLD: Partial<Record<ItemKind, Record<string, { title: string; done: string }>>> = {
  bug: {
    fixed: { title: "Your bug report is fixed", done: "is fixed" },
    closed: { title: "Your bug report is closed", done: "was closed" },
  },
  feedback: { done: { title: "Your feedback was acted on", done: "is done" } },
};

/** A reader's words, as the notification quotes them. */
const quote = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79).trimEnd()}…` : line;
};

/**
 * Tells the signed-in readers who sent these items that one reached its end (a bug report fixed
 * or closed, feedback done), as writers are told of moderation: through notifyReader, under the
 * "moderation" preference (decisions on what the reader sent), with a link to their own list.
 * Anonymous items have no one to tell. After the transaction: a notice is never sent for a change
 * that was undone.
 */
async function tellSenders(kind: ItemKind, ids: string[], status: string) {
  const told = TOLD[kind]?.[status];
  if (!told || ids.length === 0) return;
  const select = { id: true, userId: true, createdAt: true } as const;
  const rows =
    kind === "bug"
      ? (
          await prisma.bugReport.findMany({ where: { id: { in: ids } }, select: { ...select, whatHappened: true } })
        ).map((r) => ({ ...r, text: r.whatHappened }))
      : (await prisma.feedback.findMany({ where: { id: { in: ids } }, select: { ...select, content: true } })).map(
          (r) => ({ ...r, text: r.content }),
        );
  const what = kind === "bug" ? "The bug you reported" : "The feedback you sent";
  for (const row of rows) {
    if (!row.userId) continue;
    await notifyReader(row.userId, {
      kind: "moderation",
      type: "success",
      title: told.title,
      message: `${what} on ${row.createdAt.toISOString().slice(0, 10)} (“${quote(row.text)}”) ${told.done}. Thank you for telling us.`,
      link: sentItemHref(kind === "bug" ? "bug" : "feedback", row.id),
    });
  }
}

/** Adds an internal note (admin, text, time) with its audit row (`feedback.note`, `claim.note`, ...). */
export async function addNote(admin: AuditActor, kind: NoteKind, id: string, text: string) {
  return prisma.$transaction(async (tx) => {
    if (kind !== "error" && (await currentStatus(tx, kind, id)) === null) throw notFound();
    const note = await tx.adminNote.create({
      data: { itemType: kind, itemId: id, adminId: admin.id, adminName: admin.username, text },
    });
    await recordAdminAction(tx, admin, {
      action: auditAction(kind, "note"),
      objectType: kind,
      objectId: id,
      after: { noteId: note.id, text },
    });
    return note.id;
  });
}

/**
 * Deletes an internal note, for the admin who wrote it only (another admin's note is theirs to take
 * back), with its audit row (`feedback.note-delete`, ...) holding the text that went.
 */
export async function deleteNote(admin: AuditActor, kind: NoteKind, id: string, noteId: string) {
  await prisma.$transaction(async (tx) => {
    const note = await tx.adminNote.findFirst({ where: { id: noteId, itemType: kind, itemId: id } });
    if (!note) throw data({ message: "That note no longer exists." }, { status: 404 });
    if (note.adminId !== admin.id)
      throw data({ message: "Only the admin who wrote a note can delete it." }, { status: 403 });
    await tx.adminNote.delete({ where: { id: note.id } });
    await recordAdminAction(tx, admin, {
      action: auditAction(kind, "note-delete"),
      objectType: kind,
      objectId: id,
      before: { noteId: note.id, text: note.text },
    });
  });
}

/** The page's action, after its schema: what changed, for the toast. */
export async function applyFeedbackAction(admin: AuditActor, action: FeedbackAction): Promise<string> {
  if (action.intent === "note") {
    await addNote(admin, action.kind, action.id, action.text);
    return "Note added.";
  }
  if (action.intent === "note-delete") {
    await deleteNote(admin, action.kind, action.id, action.note);
    return "Note deleted.";
  }
  const ids = action.intent === "status" ? [action.id] : action.id;
  const changed = await setStatuses(admin, action.kind, ids, action.status, action.intent === "bulk-status");
  return changed === 1 ? "1 item changed." : `${changed} items changed.`;
}
