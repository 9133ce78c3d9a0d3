// The admin audit log (docs/decisions/016): every state-changing admin action writes one
// row in the same transaction as the change, so a change without its audit row
// (or the other way round) cannot happen. /admin/settings reads it, and a
// user's admin page shows the rows about that user. The same write marks an admin change, so
// every server process drops its cached pages and settings (changes.server.ts).
import { prisma } from "~/db.server";
import { markChanged } from "./changes.server";

/** Who acted: the signed-in admin (requireAdmin's user). */
export type AuditActor = { id: string; username: string };

export type AuditEntry = {
  /** A dotted verb: "user.suspend", "category.merge", "settings.update", ... */
  action: string;
  objectType: string;
  objectId?: string | number | null;
  /** The changed fields as they were and as they are (plain JSON values). */
  before?: unknown;
  after?: unknown;
};

type Db = Pick<typeof prisma, "adminAudit" | "keyValue">;

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Writes one audit row; pass the transaction (`tx`) the change runs in. */
export async function recordAdminAction(db: Db, admin: AuditActor, entry: AuditEntry): Promise<void> {
  await db.adminAudit.create({
    data: {
      adminId: admin.id,
      adminName: admin.username,
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
      before: json(entry.before),
      after: json(entry.after),
    },
  });
  await markChanged(db, "admin");
}

export type AuditRow = {
  id: string;
  adminName: string;
  action: string;
  objectType: string;
  objectId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
};

function parse(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export const AUDIT_PAGE_SIZE = 50;

/** The newest rows first, optionally about one object; `page` from 1. */
export async function listAudit({
  objectType,
  objectId,
  page = 1,
  perPage = AUDIT_PAGE_SIZE,
}: {
  objectType?: string;
  objectId?: string;
  page?: number;
  perPage?: number;
} = {}) {
  const where = { ...(objectType ? { objectType } : {}), ...(objectId ? { objectId } : {}) };
  const [rows, total] = await Promise.all([
    prisma.adminAudit.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    prisma.adminAudit.count({ where }),
  ]);
  return {
    total,
    rows: rows.map(
      (r): AuditRow => ({
        id: r.id,
        adminName: r.adminName,
        action: r.action,
        objectType: r.objectType,
        objectId: r.objectId,
        before: parse(r.before),
        after: parse(r.after),
        createdAt: r.createdAt.toISOString(),
      }),
    ),
  };
}
