import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createDatabaseClient } from "~/database-client.server";
import { prisma } from "~/db.server";
import { AuthError, ensureInitialAdmin, registerUser, requireUser, verifyLogin } from "./auth.server";
import { enforceLoginLimit, hitRateLimit, recordLoginSuccess, resetRateLimit } from "./rate-limit.server";
import { createSession, destroyAllSessions, destroySession, getSessionUser, signOutHeaders } from "./session.server";
import { LoginSchema, RegisterSchema, ResetPasswordSchema } from "./validation";

beforeEach(async () => {
  await prisma.session.deleteMany();
  await prisma.user.deleteMany();
  await prisma.rateLimit.deleteMany();
});

const cookieFrom = (setCookie: string) =>
  new Request("http://x/", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });

describe("validators", () => {
  it("normalise the email and explain each registration rule", () => {
    expect(LoginSchema.parse({ email: " Reader@Example.COM ", password: "x" }).email).toBe("reader@example.com");
    const messages = (input: object) => RegisterSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ email: "nope", username: "ok_name", password: "long-enough" })).toEqual([
      "Enter a valid email address.",
    ]);
    expect(messages({ email: "a@b.co", username: "ab", password: "long-enough" })).toEqual(["Use 3 to 30 characters."]);
    expect(messages({ email: "a@b.co", username: "a".repeat(31), password: "long-enough" })).toEqual([
      "Use 3 to 30 characters.",
    ]);
    expect(messages({ email: "a@b.co", username: "bad name", password: "long-enough" })).toEqual([
      "Use only letters, digits, - and _.",
    ]);
    expect(messages({ email: "a@b.co", username: "good-name_1", password: "short" })).toEqual([
      "Use at least 8 characters.",
    ]);
    expect(messages({ email: "a@b.co", username: "good-name_1", password: "12345678" })).toEqual([]);
  });

  it("asks for matching passwords and a well-formed token when resetting", () => {
    const token = "a".repeat(64);
    expect(ResetPasswordSchema.safeParse({ token, password: "long-enough", confirm: "long-enough" }).success).toBe(
      true,
    );
    expect(
      ResetPasswordSchema.safeParse({ token, password: "long-enough", confirm: "other" }).error?.issues[0]?.message,
    ).toBe("The passwords do not match.");
    // Left empty (conform reads an empty field as missing): asked for, in words.
    expect(
      ResetPasswordSchema.safeParse({ token, password: "long-enough", confirm: undefined }).error?.issues[0]?.message,
    ).toBe("Type the new password again.");
    expect(
      ResetPasswordSchema.safeParse({ token: "../x", password: "long-enough", confirm: "long-enough" }).success,
    ).toBe(false);
  });
});

describe("accounts", () => {
  it("register, refuse a taken email or username, and verify the login", async () => {
    const user = await registerUser({ email: "Reader@Horror.test", username: "reader", password: "long-enough" });
    expect(user).toMatchObject({ email: "reader@horror.test", username: "reader", isAdmin: false });
    expect(user).not.toHaveProperty("password");
    await expect(
      registerUser({ email: "reader@horror.test", username: "other", password: "long-enough" }),
    ).rejects.toMatchObject({
      field: "email",
    });
    await expect(
      registerUser({ email: "other@horror.test", username: "reader", password: "long-enough" }),
    ).rejects.toMatchObject({
      field: "username",
    });
    expect((await verifyLogin("READER@horror.test", "long-enough")).id).toBe(user.id);
    await expect(verifyLogin("reader@horror.test", "wrong")).rejects.toBeInstanceOf(AuthError);
    await expect(verifyLogin("nobody@horror.test", "long-enough")).rejects.toBeInstanceOf(AuthError);
  });

  it("treats usernames that differ only in case as one, keeping the reader's spelling", async () => {
    const first = await registerUser({ email: "a@horror.test", username: "CaseUser", password: "long-enough" });
    expect(first.username).toBe("CaseUser");
    await expect(
      registerUser({ email: "b@horror.test", username: "caseuser", password: "long-enough" }),
    ).rejects.toMatchObject({ field: "username", message: "This username is taken. Try another one." });
    await expect(
      registerUser({ email: "c@horror.test", username: "CASEUSER", password: "long-enough" }),
    ).rejects.toMatchObject({ field: "username" });
    // The database itself refuses a second spelling, whoever writes it.
    await expect(
      prisma.user.create({ data: { email: "d@horror.test", username: "caseUSER", usernameKey: "caseuser" } }),
    ).rejects.toThrow();
    // The administrator made at start-up takes a username no one has in any case.
    await registerUser({ email: "e@horror.test", username: "Boss", password: "long-enough" });
    await ensureInitialAdmin("boss@horror.test", "a-long-admin-password");
    expect((await prisma.user.findUniqueOrThrow({ where: { email: "boss@horror.test" } })).username).toBe("boss-admin");
  });

  it("creates the initial administrator, or promotes the existing account", async () => {
    await ensureInitialAdmin("boss@horror.test", "a-long-admin-password");
    expect(await prisma.user.findUnique({ where: { email: "boss@horror.test" } })).toMatchObject({ isAdmin: true });
    await registerUser({ email: "later@horror.test", username: "later", password: "long-enough" });
    await ensureInitialAdmin("later@horror.test", "a-long-admin-password");
    expect(await prisma.user.findUnique({ where: { email: "later@horror.test" } })).toMatchObject({ isAdmin: true });
    await ensureInitialAdmin(undefined, undefined);
    expect(await prisma.user.count({ where: { isAdmin: true } })).toBe(2);
  });

  it("promotes an account registered under ADMIN_EMAIL only with the operator's password, ending its sessions", async () => {
    const registrant = await registerUser({
      email: "boss@horror.test",
      username: "squatter",
      password: "registrant-password",
    });
    const session = await createSession(registrant.id, true);
    await prisma.passwordReset.create({
      data: { tokenHash: "f".repeat(64), userId: registrant.id, expiresAt: new Date(Date.now() + 60_000) },
    });

    await ensureInitialAdmin("Boss@horror.test", "a-long-admin-password");

    expect(await prisma.user.findUnique({ where: { id: registrant.id } })).toMatchObject({ isAdmin: true });
    await expect(verifyLogin("boss@horror.test", "registrant-password")).rejects.toBeInstanceOf(AuthError);
    expect((await verifyLogin("boss@horror.test", "a-long-admin-password")).isAdmin).toBe(true);
    expect(await getSessionUser(cookieFrom(session))).toBeNull();
    expect(await prisma.passwordReset.count({ where: { userId: registrant.id } })).toBe(0);

    // Once an administrator, later start-ups change nothing: not the password, not the sessions.
    const adminSession = await createSession(registrant.id, true);
    await ensureInitialAdmin("boss@horror.test", "another-admin-password");
    expect((await verifyLogin("boss@horror.test", "a-long-admin-password")).isAdmin).toBe(true);
    expect((await getSessionUser(cookieFrom(adminSession)))?.id).toBe(registrant.id);
  });
});

describe("sessions", () => {
  it("live in the database: created, read through the cookie, revoked on sign-out", async () => {
    const user = await registerUser({ email: "s@horror.test", username: "sessions", password: "long-enough" });
    const remembered = await createSession(user.id, true);
    expect(remembered).toMatch(/Max-Age=2592000/);
    expect(remembered).toMatch(/HttpOnly/);
    expect(remembered).toMatch(/SameSite=Lax/);
    const browserOnly = await createSession(user.id, false);
    expect(browserOnly).not.toMatch(/Max-Age/);
    expect((await getSessionUser(cookieFrom(remembered)))?.id).toBe(user.id);

    const cleared = await destroySession(cookieFrom(remembered));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await getSessionUser(cookieFrom(remembered))).toBeNull();
    expect((await getSessionUser(cookieFrom(browserOnly)))?.id).toBe(user.id);

    await destroyAllSessions(user.id);
    expect(await getSessionUser(cookieFrom(browserOnly))).toBeNull();
  });

  it("refuses a tampered cookie and an expired session", async () => {
    const user = await registerUser({ email: "t@horror.test", username: "tamper", password: "long-enough" });
    const setCookie = await createSession(user.id, true);
    const id = (await prisma.session.findFirstOrThrow({ where: { userId: user.id } })).id;
    expect(await getSessionUser(new Request("http://x/", { headers: { Cookie: `hs_session=${id}` } }))).toBeNull();
    await prisma.session.updateMany({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getSessionUser(cookieFrom(setCookie))).toBeNull();
  });
});

describe("requireUser", () => {
  const signInUrl = async (method: string, cookie = "") => {
    const request = new Request("http://x/settings/profile", { method, headers: { Cookie: cookie } });
    const thrown = await requireUser(request).catch((response: Response) => response);
    return (thrown as Response).headers.get("Location");
  };

  it("tells /auth that a form lost its session only when the browser had one", async () => {
    const user = await registerUser({ email: "u@horror.test", username: "unsent", password: "long-enough" });
    const stale = (await createSession(user.id, false)).split(";")[0] as string;
    await destroyAllSessions(user.id);
    // What signing out leaves (its second Set-Cookie; the first clears a session there was none of).
    const marker = ((await signOutHeaders(new Request("http://x/"))).getSetCookie()[1] ?? "").split(";")[0] as string;
    const plain = "/auth?redirectTo=%2Fsettings%2Fprofile";
    // Never signed in here, or a plain visit: nothing to tell.
    expect(await signInUrl("POST")).toBe(plain);
    expect(await signInUrl("GET", stale)).toBe(plain);
    // The session ended elsewhere, or this browser signed out in another tab.
    expect(await signInUrl("POST", stale)).toBe(`${plain}&unsent=1`);
    expect(await signInUrl("POST", marker)).toBe(`${plain}&unsent=1`);
  });
});

// A second client of the same database, as another server process has.
const other = await createDatabaseClient(process.env.DATABASE_URL as string);

describe("rate limiter", () => {
  const rule = { limit: 3, windowMs: 60_000 };
  afterAll(() => other.$disconnect());

  it("allows the limit within a window, then refuses with Retry-After", async () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    for (let i = 0; i < 3; i++) expect((await hitRateLimit("login:1.2.3.4", rule, now + i)).allowed).toBe(true);
    const refused = await hitRateLimit("login:1.2.3.4", rule, now + 10_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBe(50);
    // Another address has its own counter.
    expect((await hitRateLimit("login:5.6.7.8", rule, now)).allowed).toBe(true);
    // A new window starts over.
    expect((await hitRateLimit("login:1.2.3.4", rule, now + 60_001)).allowed).toBe(true);
  });

  it("counts sign-ins per address and per account; a success clears only its own account's failures", async () => {
    const status = (promise: Promise<unknown>) =>
      promise.then(
        () => "allowed",
        (thrown: unknown) => (thrown as { init?: { status?: number } }).init?.status ?? thrown,
      );
    // The attacker signs in to their own account between guesses at the victim's.
    for (let i = 0; i < 5; i++) {
      expect(await status(enforceLoginLimit("6.6.6.6", "victim@horror.test"))).toBe("allowed");
      if (i === 4) break;
      expect(await status(enforceLoginLimit("6.6.6.6", "attacker@horror.test"))).toBe("allowed");
      await recordLoginSuccess("6.6.6.6", "attacker@horror.test");
    }
    expect(await status(enforceLoginLimit("6.6.6.6", "victim@horror.test"))).toBe(429);
    // The victim's account kept its failures; the victim's own success clears them, not the address's.
    expect(
      (await prisma.rateLimit.findUniqueOrThrow({ where: { key: "login-account:victim@horror.test" } })).count,
    ).toBe(5);
    await recordLoginSuccess("7.7.7.7", "Victim@horror.test");
    expect(await prisma.rateLimit.findUnique({ where: { key: "login-account:victim@horror.test" } })).toBeNull();
    expect((await prisma.rateLimit.findUniqueOrThrow({ where: { key: "login:6.6.6.6" } })).count).toBe(6);
    // Guesses at one account from many addresses stop at the account's limit.
    for (let i = 0; i < 10; i++) {
      expect(await status(enforceLoginLimit(`10.0.0.${i}`, "spread@horror.test"))).toBe("allowed");
    }
    expect(await status(enforceLoginLimit("10.0.0.99", "spread@horror.test"))).toBe(429);
  });

  it("can be reset, and is shared through the database by every process", async () => {
    const now = Date.now();
    for (let i = 0; i < 3; i++) await hitRateLimit("reset:9.9.9.9", rule, now);
    // Another client of the same database sees the count...
    expect((await other.rateLimit.findUniqueOrThrow({ where: { key: "reset:9.9.9.9" } })).count).toBe(3);
    expect((await hitRateLimit("reset:9.9.9.9", rule, now)).allowed).toBe(false);
    await resetRateLimit("reset:9.9.9.9");
    expect((await hitRateLimit("reset:9.9.9.9", rule, now)).allowed).toBe(true);
    // ...and a counter another process wrote is the one this one counts on.
    await other.rateLimit.update({ where: { key: "reset:9.9.9.9" }, data: { count: 3 } });
    expect((await hitRateLimit("reset:9.9.9.9", rule, now)).allowed).toBe(false);
  });
});
