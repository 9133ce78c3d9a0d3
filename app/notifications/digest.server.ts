// The daily email digest: readers whose digest is "daily" get their unread
// notifications of the last day, of the kinds they want by email, in one mail.
// A start-up job (server/startup.ts) runs it every hour in every process; a
// lease row keeps each run to one process, and User.digestSentAt keeps each
// reader to one digest a day across restarts. The clock is injected for tests.
import { randomUUID } from "node:crypto";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { acquireLease, releaseLease } from "~/site/lease.server";
import type { Mailer } from "~/site/mail.server";
import { scheduleJob } from "~/site/schedule.server";
import { digestEmail } from "./digest-mail.server";
import { inDigest, kindOfType } from "./notification-preferences";
import { PREFERENCE_COLUMNS, preferencesOf } from "./notification-preferences.server";

export const DIGEST_PERIOD_MS = 24 * 60 * 60_000;
export const DIGEST_CHECK_MS = 60 * 60_000;
/** Longer than a run can take; a crashed holder's lease runs out by itself. */
const DIGEST_LEASE_MS = 10 * 60_000;
/** The most notifications one digest lists. */
export const DIGEST_MAX_ITEMS = 50;

export type DigestItem = { title: string; message: string; link: string | null; date: Date };
export type Digest = { userId: string; email: string; username: string; items: DigestItem[] };

/** Who is due a digest at `now`, and what it holds (readers with nothing to send are left out). */
export async function selectDigests(now: number): Promise<Digest[]> {
  const dayAgo = new Date(now - DIGEST_PERIOD_MS);
  const readers = await prisma.user.findMany({
    where: { emailDigest: "daily", OR: [{ digestSentAt: null }, { digestSentAt: { lte: dayAgo } }] },
    select: {
      id: true,
      email: true,
      username: true,
      digestSentAt: true,
      ...PREFERENCE_COLUMNS,
    },
  });
  const digests: Digest[] = [];
  for (const reader of readers) {
    const preferences = preferencesOf(reader);
    const since = reader.digestSentAt && reader.digestSentAt > dayAgo ? reader.digestSentAt : dayAgo;
    const rows = await prisma.notification.findMany({
      where: { userId: reader.id, read: false, date: { gt: since, lte: new Date(now) } },
      orderBy: { date: "desc" },
      take: DIGEST_MAX_ITEMS * 2,
      select: { type: true, kind: true, title: true, message: true, link: true, date: true },
    });
    const items = rows
      .filter((row) => {
        const kind = kindOfType(row.kind ?? row.type);
        return kind !== null && inDigest(preferences, kind);
      })
      .slice(0, DIGEST_MAX_ITEMS)
      .map(({ type: _type, kind: _kind, ...item }) => item);
    if (items.length > 0) digests.push({ userId: reader.id, email: reader.email, username: reader.username, items });
  }
  return digests;
}

export type DigestRun = { status: "skipped" } | { status: "done"; sent: number; failed: number };

/** One run: takes the lease, mails every due digest, marks each reader sent. */
export async function runEmailDigest(options: { mailer: Mailer; now?: number; siteUrl?: string }): Promise<DigestRun> {
  const now = options.now ?? Date.now();
  const holder = randomUUID();
  if (options.mailer.delivery === "off") return { status: "skipped" };
  if (!(await acquireLease("email-digest", holder, DIGEST_LEASE_MS, now))) return { status: "skipped" };
  let sent = 0;
  let failed = 0;
  try {
    for (const digest of await selectDigests(now)) {
      try {
        await options.mailer.send({
          kind: "email digest",
          to: digest.email,
          ...digestEmail({ username: digest.username, items: digest.items, siteUrl: options.siteUrl ?? env.SITE_URL }),
        });
        await prisma.user.update({ where: { id: digest.userId }, data: { digestSentAt: new Date(now) } });
        sent++;
      } catch (error) {
        // One reader's failed mail does not stop the others; it is tried again next hour.
        failed++;
        console.error("[digest] mail failed:", error instanceof Error ? error.message : error);
      }
    }
  } finally {
    await releaseLease("email-digest", holder);
  }
  return { status: "done", sent, failed };
}

/** Every hour while the server runs (an explicit call from server/startup.ts), first a minute after the start. */
export function startEmailDigestSchedule(mailer: Mailer) {
  scheduleJob({
    name: "digest",
    everyMs: DIGEST_CHECK_MS,
    firstAfterMs: 60_000,
    run: async () => {
      const result = await runEmailDigest({ mailer });
      if (result.status === "done" && result.sent + result.failed > 0)
        console.info(`[digest] sent ${result.sent}, failed ${result.failed}`);
    },
  });
}
