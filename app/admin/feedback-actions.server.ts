// What admins change in the feedback review (docs/decisions/020): an item's
// status (one, or a ticked list) and internal notes, each written in one
// transaction with its admin audit row. feedback-review.server.ts reads.
import { data } from "react-router";
import { prisma } from "~/db.server";
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
  return prisma.$transaction(async (tx) => {
    let changed = 0;
    for (const id of new Set(ids)) {
      const before = await currentStatus(tx, kind, id);
      if (before === null) throw notFound();
      if (before === status) continue;
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

/** The page's action, after its schema: what changed, for the toast. */
export async function applyFeedbackAction(admin: AuditActor, action: FeedbackAction): Promise<string> {
  if (action.intent === "note") {
    await addNote(admin, action.kind, action.id, action.text);
    return "Note added.";
  }
  const ids = action.intent === "status" ? [action.id] : action.id;
  const changed = await setStatuses(admin, action.kind, ids, action.status, action.intent === "bulk-status");
  return changed === 1 ? "1 item changed." : `${changed} items changed.`;
}
