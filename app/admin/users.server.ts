// User management (/admin/users and /admin/users/:userId, docs/decisions/017):
// the list, one user's page, and what admins do to accounts. Every action runs
// in one transaction with its audit row; the last-admin rule is one guarded
// UPDATE, so two admins demoting each other at once cannot leave no admin.
import { z } from "zod";
import { SESSIONS_SHOWN, SUBMISSION_CHOICES } from "~/account/account";
import { deleteAccount } from "~/account/data.server";
import { listSessions } from "~/account/sessions.server";
import { verifyPassword } from "~/auth/password.server";
import type { SessionUser } from "~/auth/session.server";
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { type AuditActor, listAudit, recordAdminAction } from "~/site/audit.server";
import { readListQuery, settlePages } from "~/site/list-query";
import { serializeOn, wordsWhere } from "~/site/sql.server";
import { isStoryStatus, STATUS_LABELS } from "~/stories/state";
import { SUSPEND_REASON_MAX, USER_SORTS } from "./users";

export const USERS_PAGE_SIZE = 25;

export const USER_ROLES = ["all", "admin", "reader"] as const;
export const USER_STATUSES = ["all", "active", "suspended"] as const;

/** The list's query: search, sort and page by the one list rule, and the role and status filters. */
export function parseUserListQuery(url: URL) {
  const params = url.searchParams;
  const role = params.get("role");
  const status = params.get("status");
  return {
    ...readListQuery(params, USER_SORTS),
    role: USER_ROLES.find((r) => r === role) ?? "all",
    status: USER_STATUSES.find((s) => s === status) ?? "all",
  };
}
export type UserListQuery = ReturnType<typeof parseUserListQuery>;

/** One page of the list; a page past the last answers a redirect to it (settlePages). */
export async function listUsers(request: Request, query: UserListQuery) {
  const where = {
    ...(await wordsWhere<Prisma.UserWhereInput>("User", ["username", "displayName", "email"], query.q)),
    ...(query.role === "admin" ? { isAdmin: true } : query.role === "reader" ? { isAdmin: false } : {}),
    ...(query.status === "suspended"
      ? { suspendedAt: { not: null } }
      : query.status === "active"
        ? { suspendedAt: null }
        : {}),
  };
  const orderBy =
    query.sort === "name-asc"
      ? [{ usernameKey: "asc" as const }]
      : query.sort === "name-desc"
        ? [{ usernameKey: "desc" as const }]
        : [{ createdAt: query.sort === "joined-asc" ? ("asc" as const) : ("desc" as const) }, { id: "asc" as const }];
  // Counted first: a page past the end is a redirect to the last one, as on every list (list-query.ts).
  const total = await prisma.user.count({ where });
  const { page, pages } = settlePages(request, { page: query.page, total, size: USERS_PAGE_SIZE });
  const rows = await prisma.user.findMany({
    where,
    orderBy,
    skip: (page - 1) * USERS_PAGE_SIZE,
    take: USERS_PAGE_SIZE,
    select: {
      id: true,
      username: true,
      displayName: true,
      email: true,
      isAdmin: true,
      suspendedAt: true,
      createdAt: true,
    },
  });
  return {
    total,
    page,
    pages,
    users: rows.map((u) => ({
      ...u,
      suspendedAt: u.suspendedAt?.toISOString() ?? null,
      createdAt: u.createdAt.toISOString(),
    })),
  };
}

/** Everything the user's admin page shows; null for no such user. */
export async function getUserDetail(userId: string, request: Request) {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      username: true,
      displayName: true,
      email: true,
      avatar: true,
      isAdmin: true,
      suspendedAt: true,
      suspendedReason: true,
      createdAt: true,
      password: { select: { userId: true } },
    },
  });
  if (!user) return null;
  const [sessions, submissions, reports, connections, audit] = await Promise.all([
    // The most recent few, as the reader's own page shows them: a user with hundreds is not a page of hundreds.
    listSessions(userId, request, { limit: SESSIONS_SHOWN }),
    prisma.post.findMany({
      where: { authorId: userId },
      orderBy: { createdAt: "desc" },
      take: 50,
      select: { id: true, slug: true, title: true, status: true, createdAt: true },
    }),
    prisma.discussionReport.findMany({
      where: { post: { authorId: userId } },
      orderBy: { createdAt: "desc" },
      take: 50,
      select: {
        id: true,
        reason: true,
        status: true,
        createdAt: true,
        postId: true,
        reporter: { select: { username: true } },
      },
    }),
    prisma.connectedAccount.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { provider: true, email: true, createdAt: true, lastUsedAt: true },
    }),
    listAudit({ objectType: "user", objectId: userId }),
  ]);
  const { password, ...profile } = user;
  return {
    user: {
      ...profile,
      hasPassword: password !== null,
      suspendedAt: user.suspendedAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
    },
    sessions: sessions.sessions,
    sessionCount: sessions.total,
    // Its status by the label the queue and the writer's page use ("Rejected", not "rejected").
    submissions: submissions.map((s) => ({
      ...s,
      statusLabel: isStoryStatus(s.status) ? STATUS_LABELS[s.status] : s.status,
      createdAt: s.createdAt.toISOString(),
    })),
    reports: reports.map((r) => ({
      ...r,
      reporter: r.reporter?.username ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    connections: connections.map((c) => ({
      ...c,
      createdAt: c.createdAt.toISOString(),
      lastUsedAt: c.lastUsedAt?.toISOString() ?? null,
    })),
    audit,
  };
}

// ---- Actions --------------------------------------------------------------

export const USER_ACTIONS = ["promote", "demote", "suspend", "reinstate", "end-sessions", "delete"] as const;
export type UserActionIntent = (typeof USER_ACTIONS)[number];
/** What the list's bulk form may do; deleting and demoting are one user at a time, on the user's page. */
export const BULK_ACTIONS = ["suspend", "reinstate", "end-sessions"] as const;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(max).optional(),
  );

export const UserActionSchema = z.object({
  intent: z.enum(USER_ACTIONS),
  userId: z.string().trim().min(1).max(100),
  password: optionalText(200),
  reason: optionalText(SUSPEND_REASON_MAX),
  submissions: z.enum(SUBMISSION_CHOICES).default("anonymise"),
});

export const BulkUserActionSchema = z.object({
  intent: z.enum(BULK_ACTIONS),
  userId: z
    .array(z.string().trim().min(1).max(100), { error: "Choose at least one user." })
    .min(1, "Choose at least one user.")
    .max(USERS_PAGE_SIZE),
  password: optionalText(200),
});

export const USER_ADMIN_MESSAGES = {
  lastAdmin: "This is the last administrator: make someone else an administrator first. Nothing changed.",
  passwordNeeded: "Making or acting on an administrator needs your password. Type it and try again.",
  wrongPassword: "That is not your password. Nothing changed.",
  noPassword: "Your account has no password: set one under Settings before you make or act on an administrator.",
  notYourself: "You cannot do that to your own account from here.",
  notFound: "There is no such user.",
} as const;

/** An action refused; the status is the response's (400 for what the admin can fix, 404, 409). */
export class UserAdminError extends Error {
  readonly status: number;
  readonly field: "password" | null;
  constructor(message: string, status: number, field: "password" | null = null) {
    super(message);
    this.name = "UserAdminError";
    this.status = status;
    this.field = field;
  }
}

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/**
 * The last-admin rule as one statement: the row changes only if it is not an
 * active administrator, or another active (not suspended) administrator stays.
 * `demote` clears isAdmin in the same statement; otherwise it only takes the
 * write lock, so the transaction's next writes cannot race another admin's.
 * Returns whether the rule allowed it.
 */
export async function guardLastAdmin(tx: Tx, userId: string, demote: boolean): Promise<boolean> {
  // On PostgreSQL two admins demoting each other at once would each count the other (sql.server.ts).
  await serializeOn(tx, "last-admin");
  // Boolean literals: SQLite reads true/false as 1/0 (how Prisma stores them), PostgreSQL as booleans.
  const changed = await tx.$executeRaw`
    UPDATE "User" SET "isAdmin" = CASE WHEN ${demote} THEN false ELSE "isAdmin" END
    WHERE "id" = ${userId}
      AND ("isAdmin" = false OR "suspendedAt" IS NOT NULL
        OR (SELECT COUNT(*) FROM "User" AS other
            WHERE other."isAdmin" = true AND other."suspendedAt" IS NULL AND other."id" <> ${userId}) >= 1)`;
  return changed === 1;
}

/** The acting admin's password, asked again before anything happens to an administrator. */
export async function checkActingPassword(adminId: string, password: string | undefined) {
  if (!password) throw new UserAdminError(USER_ADMIN_MESSAGES.passwordNeeded, 400, "password");
  const stored = await prisma.password.findUnique({ where: { userId: adminId }, select: { hash: true } });
  if (!stored) throw new UserAdminError(USER_ADMIN_MESSAGES.noPassword, 400, "password");
  if (!(await verifyPassword(password, stored.hash)))
    throw new UserAdminError(USER_ADMIN_MESSAGES.wrongPassword, 400, "password");
}

type Target = { id: string; username: string; isAdmin: boolean; suspendedAt: Date | null };
const targetSelect = { id: true, username: true, isAdmin: true, suspendedAt: true } as const;
const state = (t: Pick<Target, "isAdmin" | "suspendedAt">) => ({
  isAdmin: t.isAdmin,
  suspendedAt: t.suspendedAt?.toISOString() ?? null,
});

export type ActionResult = { intent: UserActionIntent; usernames: string[]; changed: number };

const actor = (admin: SessionUser): AuditActor => ({ id: admin.id, username: admin.username });

/** The user an action names, refused as the action itself would be: no such user (404), or the admin's own account. */
export async function actionTarget(admin: SessionUser, userId: string, intent: UserActionIntent): Promise<Target> {
  const target = await prisma.user.findUnique({ where: { id: userId }, select: targetSelect });
  if (!target) throw new UserAdminError(USER_ADMIN_MESSAGES.notFound, 404);
  if (target.id === admin.id && (intent === "delete" || intent === "suspend"))
    throw new UserAdminError(USER_ADMIN_MESSAGES.notYourself, 400);
  return target;
}

/** One action on one user (the user's page). A deletion is asked first (users-action.server.ts). */
export async function actOnUser(
  admin: SessionUser,
  input: z.infer<typeof UserActionSchema>,
  now = new Date(),
): Promise<ActionResult> {
  const target = await actionTarget(admin, input.userId, input.intent);
  // Granting admin power is asked for as taking it away is (docs/decisions/017): one tap must not do it.
  if (target.isAdmin || input.intent === "promote") await checkActingPassword(admin.id, input.password);

  if (input.intent === "delete") {
    let before: ReturnType<typeof state> | null = null;
    await deleteAccount(target.id, input.submissions, async (tx) => {
      const row = await tx.user.findUniqueOrThrow({ where: { id: target.id }, select: targetSelect });
      before = state(row);
      if (!(await guardLastAdmin(tx, target.id, false))) throw new UserAdminError(USER_ADMIN_MESSAGES.lastAdmin, 409);
      await recordAdminAction(tx, actor(admin), {
        action: "user.delete",
        objectType: "user",
        objectId: target.id,
        before: { ...before, username: row.username },
        after: { deleted: true, submissions: input.submissions },
      });
    });
    return { intent: "delete", usernames: [target.username], changed: 1 };
  }
  const intent = input.intent;
  const changed = await prisma.$transaction((tx) => applyInTx(tx, admin, intent, [target.id], input.reason, now));
  return { intent, usernames: [target.username], changed };
}

/** The list's bulk form: suspend, reinstate or end the sessions of the users ticked. */
export async function actOnUsers(
  admin: SessionUser,
  input: z.infer<typeof BulkUserActionSchema>,
  now = new Date(),
): Promise<ActionResult> {
  const ids = [...new Set(input.userId)];
  const targets = await prisma.user.findMany({ where: { id: { in: ids } }, select: targetSelect });
  if (targets.length !== ids.length) throw new UserAdminError(USER_ADMIN_MESSAGES.notFound, 404);
  if (input.intent === "suspend" && targets.some((t) => t.id === admin.id))
    throw new UserAdminError(USER_ADMIN_MESSAGES.notYourself, 400);
  if (targets.some((t) => t.isAdmin)) await checkActingPassword(admin.id, input.password);
  const changed = await prisma.$transaction((tx) => applyInTx(tx, admin, input.intent, ids, undefined, now));
  return { intent: input.intent, usernames: targets.map((t) => t.username), changed };
}

/** The change and its audit row, per user, in the caller's transaction; users already in that state are left. */
async function applyInTx(
  tx: Tx,
  admin: SessionUser,
  intent: Exclude<UserActionIntent, "delete">,
  ids: string[],
  reason: string | undefined,
  now: Date,
): Promise<number> {
  let changed = 0;
  for (const id of ids) {
    const before = await tx.user.findUnique({ where: { id }, select: targetSelect });
    if (!before) throw new UserAdminError(USER_ADMIN_MESSAGES.notFound, 404);
    const audit = (action: string, after: unknown, extra: object = {}) =>
      recordAdminAction(tx, actor(admin), {
        action,
        objectType: "user",
        objectId: id,
        before: { ...state(before), ...extra },
        after,
      });
    switch (intent) {
      case "promote":
        if (before.isAdmin) continue;
        await tx.user.update({ where: { id }, data: { isAdmin: true } });
        await audit("user.promote", { ...state(before), isAdmin: true });
        break;
      case "demote":
        if (!before.isAdmin) continue;
        if (!(await guardLastAdmin(tx, id, true))) throw new UserAdminError(USER_ADMIN_MESSAGES.lastAdmin, 409);
        await audit("user.demote", { ...state(before), isAdmin: false });
        break;
      case "suspend": {
        if (before.suspendedAt) continue;
        if (!(await guardLastAdmin(tx, id, false))) throw new UserAdminError(USER_ADMIN_MESSAGES.lastAdmin, 409);
        await tx.user.update({ where: { id }, data: { suspendedAt: now, suspendedReason: reason ?? null } });
        const ended = await tx.session.deleteMany({ where: { userId: id } });
        await audit("user.suspend", {
          ...state(before),
          suspendedAt: now.toISOString(),
          reason: reason ?? null,
          sessionsEnded: ended.count,
        });
        break;
      }
      case "reinstate":
        if (!before.suspendedAt) continue;
        await tx.user.update({ where: { id }, data: { suspendedAt: null, suspendedReason: null } });
        await audit("user.reinstate", { ...state(before), suspendedAt: null });
        break;
      case "end-sessions": {
        const sessions = await tx.session.count({ where: { userId: id } });
        await tx.session.deleteMany({ where: { userId: id } });
        await audit("user.end-sessions", { sessions: 0 }, { sessions });
        break;
      }
    }
    changed++;
  }
  return changed;
}
