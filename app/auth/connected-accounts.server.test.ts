import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { registerUser } from "./auth.server";
import {
  accountForIdentity,
  ConnectionError,
  connectAccount,
  disconnectAccount,
  getSignInMethods,
  userIsGone,
  usernameBase,
} from "./connected-accounts.server";
import type { OidcIdentity } from "./oidc.server";
import { connectedAccountsPage } from "./oidc-routes.server";
import { createSession } from "./session.server";

beforeEach(async () => {
  await prisma.connectedAccount.deleteMany();
  await prisma.session.deleteMany();
  await prisma.user.deleteMany();
});

const identity = (overrides: Partial<OidcIdentity> = {}): OidcIdentity => ({
  provider: "keycloak",
  subject: `sub-${randomUUID()}`,
  email: `mara-${randomUUID().slice(0, 6)}@horror.test`,
  emailVerified: true,
  usernameHint: "mara",
  ...overrides,
});

const withPassword = () =>
  registerUser({
    email: `pw-${randomUUID().slice(0, 6)}@horror.test`,
    username: `pw_${randomUUID().slice(0, 6)}`,
    password: "long-enough-1",
  });

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConnectionError) return error.code;
    throw error;
  }
  return null;
}

describe("signing in with a provider", () => {
  it("creates an account without a password for a new subject with a verified email, and finds it again", async () => {
    const who = identity();
    const first = await accountForIdentity(who);
    expect(first.created).toBe(true);
    const user = await prisma.user.findUniqueOrThrow({ where: { id: first.userId }, include: { password: true } });
    expect(user.email).toBe(who.email);
    expect(user.username).toBe("mara");
    expect(user.password).toBeNull();
    expect(await getSignInMethods(first.userId)).toMatchObject({
      hasPassword: false,
      connections: [{ provider: "keycloak", email: who.email }],
    });
    // The same subject later, whatever email it now gives, opens the same account.
    const again = await accountForIdentity({ ...who, email: "changed@horror.test", emailVerified: false });
    expect(again).toEqual({ userId: first.userId, created: false });
  });

  it("never links to an existing account by its email: the reader is told to sign in and connect", async () => {
    const reader = await withPassword();
    const code = await codeOf(accountForIdentity(identity({ email: reader.email.toUpperCase() })));
    expect(code).toBe("email-taken");
    expect(await prisma.connectedAccount.count()).toBe(0);
  });

  it("creates nothing without a verified email", async () => {
    expect(await codeOf(accountForIdentity(identity({ emailVerified: false })))).toBe("email-unverified");
    expect(await codeOf(accountForIdentity(identity({ email: null, emailVerified: false })))).toBe("email-unverified");
    expect(await prisma.user.count()).toBe(0);
  });

  it("makes the username unique whatever its case, within the username rules", async () => {
    await registerUser({ email: "taken@horror.test", username: "Mara", password: "long-enough-1" });
    const { userId } = await accountForIdentity(identity({ usernameHint: "mara" }));
    expect((await prisma.user.findUniqueOrThrow({ where: { id: userId } })).username).toBe("mara-2");
    expect(usernameBase("Mára Quill!")).toBe("Mara_Quill");
    expect(usernameBase("名前")).toBe("reader");
    expect(usernameBase("x".repeat(50))).toHaveLength(24);
    expect(usernameBase(null)).toBe("reader");
  });

  it("opens no account that no longer exists", async () => {
    const who = identity();
    const { userId } = await accountForIdentity(who);
    await prisma.user.delete({ where: { id: userId } });
    // The connection went with the account: the subject is unknown again (a new account, not the old one).
    const next = await accountForIdentity(who);
    expect(next.userId).not.toBe(userId);
    expect(next.created).toBe(true);
  });
});

describe("connect and disconnect", () => {
  it("connects a subject to the signed-in reader, and refuses one connected to another account", async () => {
    const owner = await withPassword();
    const other = await withPassword();
    const who = identity();
    await connectAccount(owner.id, who);
    await connectAccount(owner.id, who); // again: nothing changes
    expect(await prisma.connectedAccount.count({ where: { userId: owner.id } })).toBe(1);
    expect(await codeOf(connectAccount(other.id, who))).toBe("linked-elsewhere");
    // One connection per provider and reader.
    expect(await codeOf(connectAccount(owner.id, identity()))).toBe("already-connected");
    expect(await codeOf(connectAccount("no-such-user", identity()))).toBe("account-gone");
  });

  it("refuses to remove the last way to sign in", async () => {
    const { userId } = await accountForIdentity(identity());
    expect(await codeOf(disconnectAccount(userId, "keycloak"))).toBe("last-way");
    expect(await prisma.connectedAccount.count({ where: { userId } })).toBe(1);
  });

  it("removes a connection while another connection remains, then refuses the last one", async () => {
    const { userId } = await accountForIdentity(identity());
    await connectAccount(userId, identity({ provider: "google" }));
    await disconnectAccount(userId, "keycloak");
    expect(await codeOf(disconnectAccount(userId, "google"))).toBe("last-way");
    expect((await getSignInMethods(userId)).connections.map((c) => c.provider)).toEqual(["google"]);
  });

  it("removes a connection when the account has a password", async () => {
    const reader = await withPassword();
    await connectAccount(reader.id, identity());
    await disconnectAccount(reader.id, "keycloak");
    expect(await getSignInMethods(reader.id)).toEqual({ hasPassword: true, connections: [] });
    expect(await codeOf(disconnectAccount(reader.id, "keycloak"))).toBe("not-connected");
  });

  it("lets two removals at once leave one way to sign in", async () => {
    const { userId } = await accountForIdentity(identity());
    await connectAccount(userId, identity({ provider: "google" }));
    const codes = await Promise.all([
      codeOf(disconnectAccount(userId, "keycloak")),
      codeOf(disconnectAccount(userId, "google")),
    ]);
    expect(codes.filter((c) => c === null)).toHaveLength(1);
    expect(await prisma.connectedAccount.count({ where: { userId } })).toBe(1);
  });
});

describe("sessions and the settings page", () => {
  it("creates no session for an account that no longer exists", async () => {
    const { userId } = await accountForIdentity(identity());
    await prisma.user.delete({ where: { id: userId } });
    await expect(createSession(userId, false)).rejects.toSatisfy(userIsGone);
    expect(await prisma.session.count()).toBe(0);
  });

  it("with no provider configured, lists none (the page says so) and still shows connections to remove", async () => {
    const reader = await withPassword();
    await connectAccount(reader.id, identity({ provider: "retired" }));
    const cookie = (await createSession(reader.id, false)).split(";")[0] ?? "";
    const page = await connectedAccountsPage(
      new Request("http://x/settings/connected-accounts?oidc=<script>&provider=retired", {
        headers: { Cookie: cookie },
      }),
    );
    expect(page).toMatchObject({ providers: [], hasPassword: true, canDisconnect: true, message: null });
    expect(page.others).toMatchObject([{ id: "retired" }]);
  });
});
