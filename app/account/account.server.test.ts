import { beforeEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import { RATE_LIMITS } from "~/auth/rate-limit.server";
import { createSession, getSessionUser } from "~/auth/session.server";
import { TITLE_WITHDRAWN_NOTICE } from "~/community/text";
import { prisma } from "~/db.server";
import { ANONYMOUS_AUTHOR, ProfileSchema, plainText } from "./account";
import { TooManyRequestsError, WRONG_PASSWORD } from "./current-password.server";
import { checkDeletionConfirmation, deleteAccount, exportAccountData } from "./data.server";
import {
  confirmEmailChange,
  confirmIdentity,
  EMAIL_CHANGE_TTL_MS,
  hashEmailToken,
  requestEmailChange,
} from "./email-change.server";
import { deviceName, endSession, listSessions } from "./sessions.server";
import { changePassword, updateProfile } from "./settings.server";

let n = 0;
async function reader(password: string | null = "old-password-1") {
  const username = `Acc_${++n}_${Date.now()}`;
  return prisma.user.create({
    data: {
      email: `acc${n}-${Date.now()}@horror.test`,
      username,
      usernameKey: username.toLowerCase(),
      ...(password ? { password: { create: { hash: await hashPassword(password) } } } : {}),
    },
  });
}

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** A request carrying the session cookie createSession made. */
async function signedIn(userId: string, userAgent = CHROME) {
  const setCookie = await createSession(userId, false);
  return new Request("http://localhost/settings/privacy", {
    headers: { Cookie: setCookie.split(";")[0] as string, "User-Agent": userAgent },
  });
}

beforeEach(async () => {
  await prisma.post.deleteMany({ where: { slug: { startsWith: "acc-" } } });
  await prisma.user.deleteMany();
});

describe("profile", () => {
  it("keeps usernames unique whatever their case, and stores plain text", async () => {
    const [a, b] = await Promise.all([reader(), reader()]);
    await expect(updateProfile(b.id, { username: a.username.toUpperCase(), displayName: "", bio: "" })).rejects.toThrow(
      "This username is taken",
    );
    // Changing only the case of one's own name is fine.
    await updateProfile(a.id, { username: a.username.toUpperCase(), displayName: "Ada", bio: "Line one\nline two" });
    const row = await prisma.user.findUniqueOrThrow({ where: { id: a.id } });
    expect(row).toMatchObject({
      username: a.username.toUpperCase(),
      usernameKey: a.username.toLowerCase(),
      displayName: "Ada",
    });
    expect(row.bio).toBe("Line one\nline two");
  });

  it("checks the form: registration's username rule, bounded plain-text bio", () => {
    expect(plainText(" a\u0000b\r\nc\u0007 ")).toBe("ab\nc");
    const ok = ProfileSchema.safeParse({
      intent: "profile",
      username: "good_name",
      displayName: " Ada ",
      bio: "<b>hi</b>",
    });
    expect(ok.success && ok.data).toMatchObject({ displayName: "Ada", bio: "<b>hi</b>" });
    expect(ProfileSchema.safeParse({ intent: "profile", username: "no spaces", bio: "" }).success).toBe(false);
    expect(ProfileSchema.safeParse({ intent: "profile", username: "fine", bio: "x".repeat(501) }).success).toBe(false);
    expect(ProfileSchema.safeParse({ intent: "profile", username: "fine", displayName: "a\nb" }).success).toBe(false);
  });
});

describe("email change", () => {
  it("stores only a hash, changes the address only when the link is used, once", async () => {
    const user = await reader();
    const link = await requestEmailChange(user.id, "New.Address@Horror.test", "http://localhost:3000");
    const token = new URL(link).searchParams.get("token") as string;
    expect(token).toMatch(/^[a-f0-9]{64}$/);
    const row = await prisma.emailChange.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(hashEmailToken(token));
    expect(row.tokenHash).not.toContain(token);
    expect(row.newEmail).toBe("new.address@horror.test");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);

    expect(await confirmEmailChange(token)).toMatchObject({ ok: true, email: "new.address@horror.test" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe("new.address@horror.test");
    expect(await confirmEmailChange(token)).toEqual({ ok: false, reason: "invalid" });
  });

  it("expires, and a newer request replaces an older link", async () => {
    const user = await reader();
    const now = Date.now();
    const first = new URL(await requestEmailChange(user.id, "one@horror.test", "http://x", now)).searchParams.get(
      "token",
    );
    const second = new URL(await requestEmailChange(user.id, "two@horror.test", "http://x", now)).searchParams.get(
      "token",
    );
    expect(await confirmEmailChange(first as string, now)).toEqual({ ok: false, reason: "invalid" });
    expect(await confirmEmailChange(second as string, now + EMAIL_CHANGE_TTL_MS + 1)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await confirmEmailChange(second as string, now + 1000)).toMatchObject({ ok: true });
  });

  it("refuses an address another account uses, also when it is taken after the link was sent", async () => {
    const [a, b] = await Promise.all([reader(), reader()]);
    await expect(requestEmailChange(a.id, b.email, "http://x")).rejects.toThrow("Another account uses this address.");
    const token = new URL(await requestEmailChange(a.id, "later@horror.test", "http://x")).searchParams.get("token");
    await prisma.user.update({ where: { id: b.id }, data: { email: "later@horror.test" } });
    expect(await confirmEmailChange(token as string)).toEqual({ ok: false, reason: "taken" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: a.id } })).email).toBe(a.email);
  });
});

describe("password change and sessions", () => {
  it("needs the current password, ends every other session and keeps this one", async () => {
    const user = await reader("old-password-1");
    const here = await signedIn(user.id);
    const elsewhere = await signedIn(user.id, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1");
    await expect(
      changePassword(user.id, { currentPassword: "wrong", newPassword: "new-password-2" }, here),
    ).rejects.toThrow("Your current password is not right.");
    const result = await changePassword(
      user.id,
      { currentPassword: "old-password-1", newPassword: "new-password-2" },
      here,
    );
    expect(result).toEqual({ endedSessions: 1, set: false });
    expect(await getSessionUser(here)).not.toBeNull();
    expect(await getSessionUser(elsewhere)).toBeNull();
    const hash = (await prisma.password.findUniqueOrThrow({ where: { userId: user.id } })).hash;
    expect(await verifyPassword("new-password-2", hash)).toBe(true);
  });

  it("counts wrong current passwords with the email form's, and then refuses even the right one", async () => {
    const user = await reader("old-password-1");
    const here = await signedIn(user.id);
    // Guesses through the email form and this one share the account's counter.
    for (let i = 0; i < 5; i++)
      await expect(confirmIdentity(user.id, here, `guess-${i}`)).rejects.toThrow(WRONG_PASSWORD);
    for (let i = 5; i < RATE_LIMITS.loginAccount.limit; i++)
      await expect(
        changePassword(user.id, { currentPassword: `guess-${i}`, newPassword: "new-password-2" }, here),
      ).rejects.toThrow(WRONG_PASSWORD);
    await expect(
      changePassword(user.id, { currentPassword: "old-password-1", newPassword: "new-password-2" }, here),
    ).rejects.toBeInstanceOf(TooManyRequestsError);
    const hash = (await prisma.password.findUniqueOrThrow({ where: { userId: user.id } })).hash;
    expect(await verifyPassword("old-password-1", hash)).toBe(true);
  });

  it("sets a password for an account that has none", async () => {
    const user = await reader(null);
    const here = await signedIn(user.id);
    expect(await changePassword(user.id, { newPassword: "first-password" }, here)).toEqual({
      endedSessions: 0,
      set: true,
    });
  });

  it("lists the reader's sessions with device and last use, and ends only the reader's own", async () => {
    const [a, b] = await Promise.all([reader(), reader()]);
    const here = await signedIn(a.id);
    await getSessionUser(here); // the first use records the device
    await signedIn(a.id);
    const theirs = await signedIn(b.id);
    const { sessions, total } = await listSessions(a.id, here);
    expect(total).toBe(2);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, device: "Chrome on Linux" });
    expect(sessions[1]).toMatchObject({ current: false });
    const bSession = (await listSessions(b.id, theirs)).sessions[0]?.id as string;
    expect(await endSession(a.id, bSession)).toBe(false);
    expect(await getSessionUser(theirs)).not.toBeNull();
    expect(await endSession(a.id, sessions[1]?.id as string)).toBe(true);
    expect((await listSessions(a.id, here)).sessions).toHaveLength(1);
  });

  it("lists this browser's session and the most recent others up to the limit, with the count; never an expired one", async () => {
    const a = await reader();
    const here = await signedIn(a.id);
    for (let i = 0; i < 7; i++) await signedIn(a.id);
    const ids = (await prisma.session.findMany({ where: { userId: a.id }, select: { id: true } })).map((s) => s.id);
    // This browser's was used longest ago; one of the others has expired.
    const current = (await listSessions(a.id, here)).sessions.find((s) => s.current)?.id as string;
    const others = ids.filter((id) => id !== current);
    await prisma.session.update({ where: { id: current }, data: { lastUsedAt: new Date(Date.now() - 86_400_000) } });
    await prisma.session.update({
      where: { id: others[0] as string },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    for (const [i, id] of others.slice(1).entries()) {
      await prisma.session.update({ where: { id }, data: { lastUsedAt: new Date(Date.now() - i * 60_000) } });
    }
    const { sessions, total } = await listSessions(a.id, here, { limit: 5 });
    expect(total).toBe(7);
    expect(sessions.map((s) => s.id)).toEqual([current, ...others.slice(1, 5)]);
    expect((await listSessions(a.id, here)).sessions.map((s) => s.id)).not.toContain(others[0]);
  });

  it("names devices from the User-Agent", () => {
    expect(deviceName(null)).toBe("Unknown device");
    expect(deviceName(CHROME)).toBe("Chrome on Linux");
    expect(deviceName("curl/8.0")).toBe("Unknown device");
  });

  it("writes the last use at most every few minutes", async () => {
    const user = await reader();
    const here = await signedIn(user.id);
    await getSessionUser(here);
    const first = (await prisma.session.findFirstOrThrow({ where: { userId: user.id } })).lastUsedAt;
    expect(first).not.toBeNull();
    await getSessionUser(here);
    expect((await prisma.session.findFirstOrThrow({ where: { userId: user.id } })).lastUsedAt).toEqual(first);
  });
});

describe("download my data", () => {
  it("holds what the reader created, and no password or token hash", async () => {
    const user = await reader("old-password-1");
    await signedIn(user.id);
    await prisma.storyRecord.create({ data: { slug: "acc-story", title: "The Acc Story", date: new Date() } });
    await prisma.bookmark.create({ data: { userId: user.id, storySlug: "acc-story", shelf: "reading" } });
    await prisma.readingPosition.create({
      data: { userId: user.id, storySlug: "acc-story", paragraph: 3, percent: 40 },
    });
    await prisma.feedback.create({
      data: {
        userId: user.id,
        type: "general",
        content: "Lovely spooky site",
        browser: "Chrome",
        operatingSystem: "Linux",
        userAgent: "x",
      },
    });
    await prisma.post.create({ data: { slug: "acc-mine", title: "Mine", content: "text", authorId: user.id } });
    await prisma.notification.create({ data: { userId: user.id, type: "other", title: "Hello", message: "m" } });
    await requestEmailChange(user.id, "next@horror.test", "http://x");
    await prisma.passwordReset.create({ data: { userId: user.id, tokenHash: "f".repeat(64), expiresAt: new Date() } });

    await prisma.connectedAccount.create({
      data: { userId: user.id, provider: "keycloak", subject: `sub-${user.id}`, email: "me@idp.test" },
    });
    await prisma.readingPreferences.create({ data: { userId: user.id, values: '{"fontSize":"lg"}' } });
    await prisma.discussionThread.create({
      data: {
        title: "Bells at three",
        authorId: user.id,
        posts: { create: { body: "Who hears them?", authorId: user.id } },
      },
    });

    const data = await exportAccountData(user.id);
    expect(data.connectedAccounts).toEqual([expect.objectContaining({ provider: "keycloak", email: "me@idp.test" })]);
    expect(data.readingPreferences).toMatchObject({ values: { fontSize: "lg" } });
    expect(data.community.threads).toEqual([expect.objectContaining({ title: "Bells at three" })]);
    expect(data.community.posts).toEqual([expect.objectContaining({ body: "Who hears them?" })]);
    expect(data.profile).toMatchObject({ email: user.email, username: user.username, hasPassword: true });
    expect(data.library.bookmarks).toEqual([
      expect.objectContaining({ storySlug: "acc-story", shelf: "reading", title: "The Acc Story" }),
    ]);
    expect(data.library.readingPositions).toEqual([expect.objectContaining({ paragraph: 3, percent: 40 })]);
    expect(data.feedback).toEqual([expect.objectContaining({ content: "Lovely spooky site" })]);
    expect(data.submissions).toEqual([expect.objectContaining({ slug: "acc-mine" })]);
    expect(data.notifications).toEqual([expect.objectContaining({ title: "Hello" })]);
    expect(data.sessions).toHaveLength(1);
    expect(data.pendingEmailChanges).toEqual([expect.objectContaining({ newEmail: "next@horror.test" })]);
    const json = JSON.stringify(data);
    const hash = (await prisma.password.findUniqueOrThrow({ where: { userId: user.id } })).hash;
    expect(json).not.toContain(hash);
    expect(json).not.toContain("tokenHash");
    expect(json).not.toContain("f".repeat(64));
    expect(json).not.toMatch(/"hash"/);
  });
});

describe("delete my account", () => {
  async function withData() {
    const user = await reader("old-password-1");
    await signedIn(user.id);
    await prisma.post.create({ data: { slug: `acc-${user.id}`, title: "Mine", content: "text", authorId: user.id } });
    await prisma.feedback.create({
      data: {
        userId: user.id,
        type: "general",
        content: "feedback text",
        browser: "Chrome",
        operatingSystem: "Linux",
        userAgent: "x",
      },
    });
    await prisma.contactMessage.create({
      data: { userId: user.id, name: "A", email: user.email, message: "hello there" },
    });
    return user;
  }

  it("is confirmed by the password, or by the username for an account without one", async () => {
    const user = await reader("old-password-1");
    await expect(checkDeletionConfirmation(user.id, "nope")).rejects.toThrow("That is not your password.");
    await expect(checkDeletionConfirmation(user.id, "old-password-1")).resolves.toBeUndefined();
    const noPassword = await reader(null);
    await expect(checkDeletionConfirmation(noPassword.id, "old-password-1")).rejects.toThrow(
      "That is not your username.",
    );
    await expect(checkDeletionConfirmation(noPassword.id, noPassword.username)).resolves.toBeUndefined();
  });

  it("anonymises submissions when asked, and removes the personal data", async () => {
    const user = await withData();
    const reply = await prisma.discussionThread.create({
      data: { title: "Fog", authorId: user.id, posts: { create: { body: "Mine to keep", authorId: user.id } } },
      select: { posts: { select: { id: true } } },
    });
    expect(await deleteAccount(user.id, "anonymise")).toMatchObject({
      submissionCount: 1,
      submissions: "anonymise",
      communityCount: 1,
    });
    expect(await prisma.discussionPost.findUniqueOrThrow({ where: { id: reply.posts[0]?.id } })).toMatchObject({
      body: "Mine to keep",
      status: "visible",
      authorId: null,
    });
    expect(await prisma.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.password.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.feedback.count({ where: { content: "feedback text" } })).toBe(0);
    expect(await prisma.contactMessage.count({ where: { email: user.email } })).toBe(0);
    const post = await prisma.post.findUniqueOrThrow({ where: { slug: `acc-${user.id}` } });
    expect(post).toMatchObject({ authorId: null, authorName: ANONYMOUS_AUTHOR });
  });

  it("anonymises only published stories: a draft nobody could edit or moderate any more goes", async () => {
    const user = await withData();
    await prisma.post.create({
      data: { slug: `draft-${user.id}`, title: "Half", content: "", status: "draft", authorId: user.id },
    });
    // The draft does not stay: the page counts the one that does, and the draft apart.
    expect(await deleteAccount(user.id, "anonymise")).toMatchObject({ submissionCount: 1, unpublishedCount: 1 });
    expect(await prisma.post.findUnique({ where: { slug: `draft-${user.id}` } })).toBeNull();
    expect(await prisma.post.findUnique({ where: { slug: `acc-${user.id}` } })).toMatchObject({ authorId: null });
  });

  it("removes submissions when asked, community posts leaving a tombstone that says its author deleted it", async () => {
    const user = await withData();
    const thread = await prisma.discussionThread.create({
      data: { title: "Bells", authorId: user.id, posts: { create: { body: "Mine to remove", authorId: user.id } } },
      select: { id: true, posts: { select: { id: true } } },
    });
    expect(await deleteAccount(user.id, "remove")).toMatchObject({
      submissionCount: 1,
      submissions: "remove",
      communityCount: 1,
    });
    expect(await prisma.discussionPost.findUniqueOrThrow({ where: { id: thread.posts[0]?.id } })).toMatchObject({
      body: "",
      status: "withdrawn",
      authorId: null,
    });
    expect(await prisma.post.findUnique({ where: { slug: `acc-${user.id}` } })).toBeNull();
    expect(await prisma.user.findUnique({ where: { id: user.id } })).toBeNull();
    // The title the reader wrote goes with the post; the thread stays for others' replies.
    expect(await prisma.discussionThread.findUniqueOrThrow({ where: { id: thread.id } })).toMatchObject({
      title: TITLE_WITHDRAWN_NOTICE,
      authorId: null,
    });
  });
});
