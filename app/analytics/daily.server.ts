// The analytics' daily rows (docs/decisions/023): every figure is read as
// (day, metric, key, value). A finished day that was rolled up is read from AnalyticsDaily,
// any other day is worked out from the raw events the same way. Raw events are deleted after
// ANALYTICS_RETENTION_DAYS; the roll-up stays. The reports (reports.server.ts) read these rows.

import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { placeholders } from "~/site/sql.server";
import { isSlowConnection } from "~/utils/connection";
import { dayOf, daysBetween, median, percentile } from "./analytics";

export type DailyRow = { day: string; metric: string; key: string; value: number };

/** A reading session longer than this is a tab left open, not reading: it counts as this long. */
const MAX_SESSION_SECONDS = 3 * 60 * 60;
const ROLLED = "rolled";

type RawDay = {
  views: {
    day: string;
    visitor: string;
    returning: boolean;
    browser: string;
    os: string;
    screenClass: string;
    connection: string;
    saveData: boolean;
    storySlug: string | null;
    createdAt: Date;
  }[];
  reading: { day: string; visitor: string; storySlug: string; finished: boolean; createdAt: Date }[];
  vitals: { day: string; name: string; value: number; pageType: string }[];
};

export const add = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** The daily rows of one day's raw events (pure: the unit tests call it directly). */
export function aggregateDay(day: string, raw: RawDay): DailyRow[] {
  const rows: DailyRow[] = [];
  const push = (metric: string, key: string, value: number) => rows.push({ day, metric, key, value });
  const views = raw.views.filter((v) => v.day === day);
  push("views", "", views.length);
  push("readers", "", new Set(views.map((v) => v.visitor)).size);
  push("returning", "", new Set(views.filter((v) => v.returning).map((v) => v.visitor)).size);
  const counts = { browser: new Map<string, number>(), os: new Map<string, number>() };
  const screens = new Map<string, number>();
  const connections = new Map<string, number>();
  let slow = 0;
  let known = 0;
  for (const v of views) {
    add(counts.browser, v.browser);
    add(counts.os, v.os);
    add(screens, v.screenClass);
    add(connections, v.connection);
    if (v.connection !== "unknown" || v.saveData) known++;
    if (isSlowConnection({ effectiveType: v.connection, saveData: v.saveData })) slow++;
  }
  for (const [key, value] of counts.browser) push("browser", key, value);
  for (const [key, value] of counts.os) push("os", key, value);
  for (const [key, value] of screens) push("screen", key, value);
  for (const [key, value] of connections) push("connection", key, value);
  push("slow", "", slow);
  push("connection-known", "", known);

  // Reading sessions: one per (visitor, story) of the day, from the story page's view to the last position saved.
  type Session = { start: number | null; end: number | null; finished: boolean };
  const sessions = new Map<string, Session>();
  const sessionOf = (visitor: string, slug: string) => {
    const key = `${slug}\u0000${visitor}`;
    let s = sessions.get(key);
    if (!s) {
      s = { start: null, end: null, finished: false };
      sessions.set(key, s);
    }
    return s;
  };
  for (const v of views) {
    if (!v.storySlug) continue;
    const s = sessionOf(v.visitor, v.storySlug);
    const t = v.createdAt.getTime();
    s.start = s.start === null ? t : Math.min(s.start, t);
  }
  for (const e of raw.reading.filter((r) => r.day === day)) {
    const s = sessionOf(e.visitor, e.storySlug);
    const t = e.createdAt.getTime();
    s.end = s.end === null ? t : Math.max(s.end, t);
    if (e.finished) s.finished = true;
  }
  const perStory = new Map<string, { sessions: number; finished: number; seconds: number[] }>();
  for (const [key, s] of sessions) {
    const slug = key.split("\u0000")[0] as string;
    const story = perStory.get(slug) ?? { sessions: 0, finished: 0, seconds: [] };
    story.sessions++;
    if (s.finished) story.finished++;
    if (s.start !== null && s.end !== null && s.end > s.start)
      story.seconds.push(Math.min(MAX_SESSION_SECONDS, (s.end - s.start) / 1000));
    perStory.set(slug, story);
  }
  for (const [slug, story] of perStory) {
    push("story-sessions", slug, story.sessions);
    push("story-finished", slug, story.finished);
    push("story-timed", slug, story.seconds.length);
    const m = median(story.seconds);
    if (m !== null) push("story-median-seconds", slug, Math.round(m));
  }

  const vitals = new Map<string, number[]>();
  for (const v of raw.vitals.filter((r) => r.day === day)) {
    const key = `${v.name}:${v.pageType}`;
    const list = vitals.get(key) ?? [];
    list.push(v.value);
    vitals.set(key, list);
  }
  for (const [key, values] of vitals) {
    push("vital-p75", key, percentile(values, 75) ?? 0);
    push("vital-count", key, values.length);
  }
  return rows;
}

async function rawEvents(days: string[]): Promise<RawDay> {
  if (!days.length) return { views: [], reading: [], vitals: [] };
  const where = { day: { in: days } };
  const [views, reading, vitals] = await Promise.all([
    prisma.pageView.findMany({
      where,
      select: {
        day: true,
        visitor: true,
        returning: true,
        browser: true,
        os: true,
        screenClass: true,
        connection: true,
        saveData: true,
        storySlug: true,
        createdAt: true,
      },
    }),
    prisma.readingEvent.findMany({
      where,
      select: { day: true, visitor: true, storySlug: true, finished: true, createdAt: true },
    }),
    prisma.webVital.findMany({ where, select: { day: true, name: true, value: true, pageType: true } }),
  ]);
  return { views, reading, vitals };
}

/** The daily rows of a range: rolled-up days from the roll-up, the others from the raw events. */
export async function dailyRows(from: string, to: string): Promise<DailyRow[]> {
  const days = daysBetween(from, to);
  const stored = await prisma.analyticsDaily.findMany({ where: { day: { gte: from, lte: to } } });
  const rolled = new Set(stored.filter((r) => r.metric === ROLLED).map((r) => r.day));
  const open = days.filter((d) => !rolled.has(d));
  const raw = await rawEvents(open);
  return [
    ...stored.filter((r) => rolled.has(r.day) && r.metric !== ROLLED),
    ...open.flatMap((day) => aggregateDay(day, raw)),
  ];
}

/** Rolls up every finished day that has raw events and no roll-up yet. Returns the days rolled up. */
export async function rollUpFinishedDays(now = new Date()): Promise<string[]> {
  const today = dayOf(now);
  const candidates = new Set<string>();
  for (const table of ["PageView", "WebVital", "ReadingEvent"] as const) {
    const rows = await prisma.$queryRawUnsafe<{ day: string }[]>(
      placeholders(`SELECT DISTINCT "day" FROM "${table}" WHERE "day" < ?`),
      today,
    );
    for (const r of rows) candidates.add(r.day);
  }
  const done = new Set(
    (await prisma.analyticsDaily.findMany({ where: { metric: ROLLED }, select: { day: true } })).map((r) => r.day),
  );
  const days = [...candidates].filter((d) => !done.has(d)).sort();
  for (const day of days) {
    const rows = aggregateDay(day, await rawEvents([day]));
    await prisma.$transaction(async (tx) => {
      // Another process may have rolled it up meanwhile: the marker decides.
      if (await tx.analyticsDaily.findUnique({ where: { day_metric_key: { day, metric: ROLLED, key: "" } } })) return;
      await tx.analyticsDaily.deleteMany({ where: { day } });
      await tx.analyticsDaily.createMany({ data: [...rows, { day, metric: ROLLED, key: "", value: 1 }] });
    });
  }
  return days;
}

/** Deletes raw events past the retention time (after they were rolled up) and the salts of past days. */
export async function purgeOldEvents(now = new Date(), retentionDays = env.ANALYTICS_RETENTION_DAYS) {
  await rollUpFinishedDays(now);
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const where = { createdAt: { lt: cutoff } };
  const yesterday = dayOf(new Date(now.getTime() - 86_400_000));
  const [views, vitals, performance, reading] = await prisma.$transaction([
    prisma.pageView.deleteMany({ where }),
    prisma.webVital.deleteMany({ where }),
    prisma.performanceReport.deleteMany({ where }),
    prisma.readingEvent.deleteMany({ where }),
    // A salt is needed only while its day can still be counted: without it, no hash can be remade.
    prisma.analyticsSalt.deleteMany({ where: { day: { lt: yesterday } } }),
  ]);
  return { views: views.count, vitals: vitals.count, performance: performance.count, reading: reading.count };
}
