import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { acquireLease, releaseLease } from "~/site/lease.server";
import { createMailer } from "~/site/mail.server";
import { type SmtpCatcher, startSmtpCatcher } from "../../tests/support/smtp-catcher";
import { DIGEST_PERIOD_MS, runEmailDigest, selectDigests } from "./digest.server";
import { wants } from "./notification-preferences";
import { getNotificationPreferences } from "./notification-preferences.server";
import { bellState } from "./notifications.server";

let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher({ port: 0 });
});
afterAll(() => catcher.close());

let n = 0;
const reader = (data: Record<string, unknown> = {}) => {
  const username = `d${++n}_${Date.now()}`;
  return prisma.user.create({
    data: { email: `${username}@horror.test`, username, usernameKey: username.toLowerCase(), ...data },
  });
};
const note = (userId: string, type: string, title: string, date: Date, read = false) =>
  prisma.notification.create({
    data: { userId, type, title, message: `${title} message`, link: "/notifications", date, read },
  });

const NOW = Date.UTC(2026, 10, 24, 6, 0, 0);
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000);

beforeEach(async () => {
  await prisma.notification.deleteMany();
  await prisma.lease.deleteMany();
  await prisma.user.deleteMany();
  catcher.clear();
});

/** What notify.server.ts decides for a reader: the stored columns read through wants(). */
const wantsNotification = async (userId: string, kind: "reply" | "cursed", channel: "site" | "email") =>
  wants(await getNotificationPreferences(userId), kind, channel);

describe("the stored preferences", () => {
  it("reads the reader's columns, with the defaults for a new account", async () => {
    const fresh = await reader();
    expect(await wantsNotification(fresh.id, "reply", "site")).toBe(true);
    expect(await wantsNotification(fresh.id, "reply", "email")).toBe(false);
    expect(await wantsNotification(fresh.id, "cursed", "site")).toBe(true);
    const picky = await reader({
      notifyReplies: false,
      notifyRepliesEmail: true,
      emailDigest: "daily",
      notifyCursed: false,
    });
    expect(await wantsNotification(picky.id, "reply", "site")).toBe(false);
    expect(await wantsNotification(picky.id, "reply", "email")).toBe(true);
    expect(await wantsNotification(picky.id, "cursed", "site")).toBe(false);
  });

  it("the cursed rule on the server honours the choice", async () => {
    const off = await reader({ notifyCursed: false, notificationsOpenedAt: hoursAgo(1) });
    await note(off.id, "other", "Unread", hoursAgo(2));
    expect((await bellState(off.id, NOW)).unread).toBe(1);
    expect(await prisma.notification.count({ where: { userId: off.id, type: "cursed" } })).toBe(0);
    const on = await reader({ notificationsOpenedAt: hoursAgo(1) });
    await note(on.id, "other", "Unread", hoursAgo(2));
    expect((await bellState(on.id, NOW)).unread).toBe(2);
  });
});

describe("the daily digest", () => {
  it("selects unread notifications of the last day, of the kinds wanted by email, for daily readers", async () => {
    const daily = await reader({ emailDigest: "daily", notifyNewStoriesEmail: true });
    await note(daily.id, "new-story", "Fresh story", hoursAgo(2));
    await note(daily.id, "new-story", "Old story", hoursAgo(30));
    await note(daily.id, "new-story", "Already read", hoursAgo(3), true);
    await note(daily.id, "reply", "A reply (not wanted by email)", hoursAgo(1));
    await note(daily.id, "cursed", "Why are you ignoring me?", hoursAgo(1));
    const off = await reader({ emailDigest: "off", notifyNewStoriesEmail: true });
    await note(off.id, "new-story", "Fresh story", hoursAgo(2));
    const sentToday = await reader({ emailDigest: "daily", notifyNewStoriesEmail: true, digestSentAt: hoursAgo(5) });
    await note(sentToday.id, "new-story", "Fresh story", hoursAgo(2));

    const digests = await selectDigests(NOW);
    expect(digests.map((d) => d.userId)).toEqual([daily.id]);
    expect(digests[0]?.items.map((i) => i.title)).toEqual(["Fresh story"]);
  });

  it("mails through a real SMTP server once a day, one process at a time", async () => {
    const mailer = createMailer({ smtpUrl: catcher.url, from: "Horror Stories <no-reply@localhost>" });
    const daily = await reader({ emailDigest: "daily", notifyAnnouncementsEmail: true });
    await note(daily.id, "announcement", "The site has a new look", hoursAgo(1));

    // Another process holds the lease: this one sends nothing.
    expect(await acquireLease("email-digest", "other", 60_000, NOW)).toBe(true);
    expect(await runEmailDigest({ mailer, now: NOW, siteUrl: "http://site.test" })).toEqual({ status: "skipped" });
    await releaseLease("email-digest", "other");

    expect(await runEmailDigest({ mailer, now: NOW, siteUrl: "http://site.test" })).toEqual({
      status: "done",
      sent: 1,
      failed: 0,
    });
    const mail = await catcher.waitFor((m) => m.to.includes(daily.email));
    expect(mail.subject).toBe("Your Horror Stories notifications: 1 unread");
    expect(mail.text).toContain("The site has a new look");
    expect(mail.text).toContain("http://site.test/notifications");

    // An hour later: already sent today.
    expect(await runEmailDigest({ mailer, now: NOW + 3_600_000 })).toEqual({ status: "done", sent: 0, failed: 0 });
    // A day later, a new notification: a new digest with only it.
    await note(daily.id, "announcement", "Second news", new Date(NOW + DIGEST_PERIOD_MS - 60_000));
    expect(await runEmailDigest({ mailer, now: NOW + DIGEST_PERIOD_MS, siteUrl: "http://site.test" })).toMatchObject({
      sent: 1,
    });
    const mails = catcher.messages.filter((m) => m.to.includes(daily.email));
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain("Second news");
    expect(mails[1]?.text).not.toContain("The site has a new look");
  });
});
