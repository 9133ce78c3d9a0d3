import { beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_SUSPENDED, AuthError, verifyLogin } from "~/auth/auth.server";
import { accountForIdentity, ConnectionError } from "~/auth/connected-accounts.server";
import { hashPassword } from "~/auth/password.server";
import { createSession, getSessionUser, type SessionUser } from "~/auth/session.server";
import { prisma } from "~/db.server";
import {
  actOnUser,
  actOnUsers,
  getUserDetail,
  listUsers,
  parseUserListQuery,
  USER_ADMIN_MESSAGES,
  UserActionSchema,
  UserAdminError,
} from "./users.server";

let n = 0;
const PASSWORD = "admin-password-1";
async function account(opts: { admin?: boolean; name?: string } = {}): Promise<SessionUser> {
  const username = opts.name ?? `User_${++n}`;
  return prisma.user.create({
    data: {
      email: `${username.toLowerCase()}@horror.test`,
      username,
      usernameKey: username.toLowerCase(),
      isAdmin: opts.admin ?? false,
      password: { create: { hash: await hashPassword(PASSWORD) } },
    },
    select: { id: true, email: true, username: true, avatar: true, isAdmin: true },
  });
}

const act = (admin: SessionUser, input: Record<string, unknown>) => actOnUser(admin, UserActionSchema.parse(input));

async function refused(promise: Promise<unknown>): Promise<UserAdminError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserAdminError);
  return error as UserAdminError;
}

const adminCount = () => prisma.user.count({ where: { isAdmin: true, suspendedAt: null } });
const auditActions = async (objectId: string) =>
  (await prisma.adminAudit.findMany({ where: { objectId }, orderBy: { createdAt: "asc" } })).map((r) => r.action);

beforeEach(async () => {
  await prisma.adminAudit.deleteMany();
  await prisma.user.deleteMany();
});

describe("roles", () => {
  it("promotes a reader only with the acting admin's password, and writes one audit row with before and after", async () => {
    const admin = await account({ admin: true });
    const reader = await account();
    for (const [password, message] of [
      [undefined, USER_ADMIN_MESSAGES.passwordNeeded],
      ["not-my-password", USER_ADMIN_MESSAGES.wrongPassword],
    ] as const) {
      const error = await refused(act(admin, { intent: "promote", userId: reader.id, password }));
      expect(error.status).toBe(400);
      expect(error.field).toBe("password");
      expect(error.message).toBe(message);
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: reader.id } })).isAdmin).toBe(false);
    expect(await auditActions(reader.id)).toEqual([]);
    await act(admin, { intent: "promote", userId: reader.id, password: PASSWORD });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: reader.id } })).isAdmin).toBe(true);
    const rows = await prisma.adminAudit.findMany({ where: { objectId: reader.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "user.promote", adminId: admin.id, objectType: "user" });
    expect(JSON.parse(rows[0]?.before ?? "")).toMatchObject({ isAdmin: false });
    expect(JSON.parse(rows[0]?.after ?? "")).toMatchObject({ isAdmin: true });
  });

  it("asks for the acting admin's password before anything happens to an administrator", async () => {
    const admin = await account({ admin: true });
    const other = await account({ admin: true });
    for (const [password, message] of [
      [undefined, USER_ADMIN_MESSAGES.passwordNeeded],
      ["not-my-password", USER_ADMIN_MESSAGES.wrongPassword],
    ] as const) {
      for (const intent of ["demote", "suspend", "end-sessions", "delete"]) {
        const error = await refused(act(admin, { intent, userId: other.id, password }));
        expect(error.status).toBe(400);
        expect(error.message).toBe(message);
      }
    }
    expect(await prisma.user.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({
      isAdmin: true,
      suspendedAt: null,
    });
    expect(await auditActions(other.id)).toEqual([]);
    await act(admin, { intent: "demote", userId: other.id, password: PASSWORD });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: other.id } })).isAdmin).toBe(false);
    expect(await auditActions(other.id)).toEqual(["user.demote"]);
  });
});

describe("the last-admin rule", () => {
  it("never demotes, suspends or deletes the last active administrator", async () => {
    const admin = await account({ admin: true });
    const reader = await account();
    for (const intent of ["demote", "delete"]) {
      const error = await refused(act(admin, { intent, userId: admin.id, password: PASSWORD }));
      expect(error.message).toBe(intent === "delete" ? USER_ADMIN_MESSAGES.notYourself : USER_ADMIN_MESSAGES.lastAdmin);
    }
    // A second admin who is suspended does not count: the first is still the last active one.
    const suspended = await account({ admin: true });
    await prisma.user.update({ where: { id: suspended.id }, data: { suspendedAt: new Date() } });
    const error = await refused(act(admin, { intent: "demote", userId: admin.id, password: PASSWORD }));
    expect(error.status).toBe(409);
    expect(await adminCount()).toBe(1);
    expect(await auditActions(admin.id)).toEqual([]);
    expect(reader.isAdmin).toBe(false);
  });

  it("holds when two admins demote each other at the same moment: exactly one stays", async () => {
    for (let round = 0; round < 5; round++) {
      await prisma.adminAudit.deleteMany();
      await prisma.user.deleteMany();
      const a = await account({ admin: true });
      const b = await account({ admin: true });
      const results = await Promise.allSettled([
        act(a, { intent: "demote", userId: b.id, password: PASSWORD }),
        act(b, { intent: "demote", userId: a.id, password: PASSWORD }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(failure.reason).toBeInstanceOf(UserAdminError);
      expect((failure.reason as UserAdminError).message).toBe(USER_ADMIN_MESSAGES.lastAdmin);
      expect(await adminCount()).toBe(1);
      expect(await prisma.adminAudit.count({ where: { action: "user.demote" } })).toBe(1);
    }
  });

  it("holds when two admins suspend each other at once", async () => {
    const a = await account({ admin: true });
    const b = await account({ admin: true });
    const results = await Promise.allSettled([
      act(a, { intent: "suspend", userId: b.id, password: PASSWORD }),
      act(b, { intent: "suspend", userId: a.id, password: PASSWORD }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await adminCount()).toBe(1);
  });
});

describe("suspension", () => {
  it("ends every session, refuses the password and the provider sign-in, and reinstating lets the account back in", async () => {
    const admin = await account({ admin: true });
    const reader = await account();
    await prisma.connectedAccount.create({
      data: { userId: reader.id, provider: "lantern", subject: "sub-1", email: reader.email },
    });
    const cookie = (await createSession(reader.id, true)).split(";")[0] as string;
    const request = () => new Request("http://localhost/", { headers: { Cookie: cookie } });
    expect(await getSessionUser(request())).toMatchObject({ id: reader.id });

    // An old session of a suspended account (one that slipped through) counts as signed out.
    await prisma.user.update({ where: { id: reader.id }, data: { suspendedAt: new Date() } });
    expect(await getSessionUser(request())).toBeNull();
    await prisma.user.update({ where: { id: reader.id }, data: { suspendedAt: null } });

    await act(admin, { intent: "suspend", userId: reader.id, reason: "Spam" });
    expect(await prisma.session.count({ where: { userId: reader.id } })).toBe(0);
    expect(await getSessionUser(request())).toBeNull();
    const error = await verifyLogin(reader.email, PASSWORD).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe(ACCOUNT_SUSPENDED);
    // A wrong password still gets the usual message: the suspension is told only to the account's owner.
    expect(((await verifyLogin(reader.email, "wrong-password").catch((e: unknown) => e)) as Error).message).not.toBe(
      ACCOUNT_SUSPENDED,
    );
    const identity = {
      provider: "lantern",
      subject: "sub-1",
      email: reader.email,
      emailVerified: true,
      usernameHint: null,
    };
    const oidc = await accountForIdentity(identity as Parameters<typeof accountForIdentity>[0]).catch(
      (e: unknown) => e,
    );
    expect(oidc).toBeInstanceOf(ConnectionError);
    expect((oidc as ConnectionError).code).toBe("suspended");

    await act(admin, { intent: "reinstate", userId: reader.id });
    expect(await verifyLogin(reader.email, PASSWORD)).toMatchObject({ id: reader.id });
    expect(await auditActions(reader.id)).toEqual(["user.suspend", "user.reinstate"]);
    const suspendRow = await prisma.adminAudit.findFirstOrThrow({ where: { action: "user.suspend" } });
    expect(JSON.parse(suspendRow.after ?? "")).toMatchObject({ reason: "Spam", sessionsEnded: 1 });
  });

  it("bulk: suspends the ticked users in one go, and needs the password when an admin is among them", async () => {
    const admin = await account({ admin: true });
    const other = await account({ admin: true });
    const r1 = await account();
    const r2 = await account();
    await refused(actOnUsers(admin, { intent: "suspend", userId: [r1.id, other.id], password: "nope" }));
    expect(await prisma.user.count({ where: { suspendedAt: { not: null } } })).toBe(0);
    const done = await actOnUsers(admin, { intent: "suspend", userId: [r1.id, r2.id] });
    expect(done.changed).toBe(2);
    expect(await prisma.user.count({ where: { suspendedAt: { not: null } } })).toBe(2);
    expect(await prisma.adminAudit.count({ where: { action: "user.suspend" } })).toBe(2);
    await refused(actOnUsers(admin, { intent: "suspend", userId: [admin.id] }));
  });
});

describe("delete", () => {
  it("reuses the account deletion, anonymising submissions by default, with its audit row; never yourself", async () => {
    const admin = await account({ admin: true });
    const writer = await account();
    await prisma.post.create({
      data: {
        slug: `adm-${Date.now()}`,
        title: "Kept",
        content: "<p>x</p>",
        status: "published",
        authorId: writer.id,
        authorName: writer.username,
      },
    });
    await act(admin, { intent: "delete", userId: writer.id });
    expect(await prisma.user.findUnique({ where: { id: writer.id } })).toBeNull();
    expect(await prisma.post.findFirst({ where: { title: "Kept" } })).toMatchObject({ authorId: null });
    expect(await auditActions(writer.id)).toEqual(["user.delete"]);
    expect((await refused(act(admin, { intent: "delete", userId: admin.id, password: PASSWORD }))).message).toBe(
      USER_ADMIN_MESSAGES.notYourself,
    );
  });
});

describe("the list", () => {
  it("searches username, display name and email, filters by role and status, and sorts", async () => {
    await account({ name: "Alpha_one" });
    const b = await account({ name: "Bravo_two", admin: true });
    await prisma.user.update({ where: { id: b.id }, data: { displayName: "Mara Night" } });
    const q = (s: string) => {
      const url = new URL(`http://x/admin/users?${s}`);
      return listUsers(new Request(url), parseUserListQuery(url));
    };
    expect((await q("q=mara")).users.map((u) => u.username)).toEqual(["Bravo_two"]);
    expect((await q("q=alpha_one%40")).users.map((u) => u.username)).toEqual(["Alpha_one"]);
    expect((await q("role=admin")).users.map((u) => u.username)).toEqual(["Bravo_two"]);
    expect((await q("sort=name-desc")).users.map((u) => u.username)).toEqual(["Bravo_two", "Alpha_one"]);
    expect((await q("status=suspended")).total).toBe(0);
    // Bad values fall back to the defaults instead of failing.
    expect((await q("sort=evil&page=-3&role=x")).users).toHaveLength(2);
    // Each word anywhere, taken literally; a page past the end is a redirect to the last page.
    expect((await q("q=night+mara")).users.map((u) => u.username)).toEqual(["Bravo_two"]);
    expect((await q("q=%25")).total).toBe(0);
    expect((await q("q=alpha_")).total).toBe(1);
    expect((await q("q=alpha%25")).total).toBe(0);
    const past = await q("role=all&page=99").catch((error: unknown) => error);
    expect(past).toBeInstanceOf(Response);
    expect((past as Response).status).toBe(302);
    expect((past as Response).headers.get("Location")).toBe("/admin/users?role=all");
  });
});

// The audit's defect 12: the user's page said "The Widow Upstairs · rejected".
describe("a user's page", () => {
  it("names their submissions' statuses by the labels the queue uses", async () => {
    const writer = await account();
    for (const [i, status] of ["rejected", "review"].entries()) {
      await prisma.post.create({
        data: { slug: `detail-${writer.id}-${i}`, title: `T${i}`, content: "x", status, authorId: writer.id },
      });
    }
    const detail = await getUserDetail(writer.id, new Request("http://localhost/admin/users"));
    expect(detail?.submissions.map((s) => s.statusLabel).sort()).toEqual(["In review", "Rejected"]);
  });
});
