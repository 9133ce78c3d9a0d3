// The admin's analytics figures (issue 16, docs/decisions/023): reading time
// per story, devices, engagement per day, web vitals at p75 per page type and
// the slow-connection share. Every figure is read as daily rows
// (day, metric, key, value): a finished day that was rolled up is read from
// AnalyticsDaily, any other day is worked out from the raw events the same way.
// Raw events are deleted after ANALYTICS_RETENTION_DAYS; the roll-up stays.

import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { julian } from "~/site/sql.server";
import { isSlowConnection } from "~/utils/connection";
import {
  CONNECTIONS,
  dayOf,
  daysBetween,
  GOOD_THRESHOLDS,
  median,
  PAGE_TYPES,
  percentile,
  SCREEN_CLASSES,
  VITAL_NAMES,
  type VitalName,
} from "./analytics";

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

const add = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

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
      `SELECT DISTINCT "day" FROM "${table}" WHERE "day" < ?`,
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

let timer: ReturnType<typeof setInterval> | undefined;

/** Start-up job: roll up and purge now, then every hour. */
export function startAnalyticsSchedule() {
  const run = () =>
    purgeOldEvents().catch((error) =>
      console.error("Analytics roll-up failed:", error instanceof Error ? error.message : error),
    );
  void run();
  timer ??= setInterval(run, 60 * 60_000);
  timer.unref?.();
}

// ---------------------------------------------------------------------------
// The reports.

const sumBy = (rows: DailyRow[], metric: string) => {
  const map = new Map<string, number>();
  for (const r of rows) if (r.metric === metric) add(map, r.key, r.value);
  return map;
};

export type ReadingTimeReport = {
  from: string;
  to: string;
  stories: {
    slug: string;
    title: string;
    sessions: number;
    finished: number;
    completionRate: number;
    medianSeconds: number | null;
  }[];
};

export async function readingTimeReport(from: string, to: string, rows?: DailyRow[]): Promise<ReadingTimeReport> {
  const all = rows ?? (await dailyRows(from, to));
  const sessions = sumBy(all, "story-sessions");
  const finished = sumBy(all, "story-finished");
  const timed = new Map<string, { value: number; weight: number }[]>();
  const timedCounts = new Map(
    all.filter((r) => r.metric === "story-timed").map((r) => [`${r.day}|${r.key}`, r.value] as const),
  );
  for (const r of all) {
    if (r.metric !== "story-median-seconds") continue;
    const list = timed.get(r.key) ?? [];
    list.push({ value: r.value, weight: timedCounts.get(`${r.day}|${r.key}`) ?? 1 });
    timed.set(r.key, list);
  }
  const slugs = [...sessions.keys()];
  const titles = new Map(
    (await prisma.storyRecord.findMany({ where: { slug: { in: slugs } }, select: { slug: true, title: true } })).map(
      (s) => [s.slug, s.title] as const,
    ),
  );
  const stories = slugs
    .map((slug) => {
      const n = sessions.get(slug) ?? 0;
      const f = finished.get(slug) ?? 0;
      // The median of daily medians, each weighted by its sessions (a day's sessions are not kept).
      const m = weightedPercentile(timed.get(slug) ?? [], 50);
      return {
        slug,
        title: titles.get(slug) ?? slug,
        sessions: n,
        finished: f,
        completionRate: n ? Math.round((f / n) * 1000) / 1000 : 0,
        medianSeconds: m === null ? null : Math.round(m),
      };
    })
    .sort((a, b) => b.sessions - a.sessions || a.slug.localeCompare(b.slug));
  return { from, to, stories };
}

type Count = { label: string; value: number };
const toCounts = (map: Map<string, number>, order?: readonly string[]): Count[] => {
  const list = [...map].map(([label, value]) => ({ label, value }));
  if (order) return list.sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label));
  return list.sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
};

export type DevicesReport = {
  from: string;
  to: string;
  views: number;
  browsers: Count[];
  operatingSystems: Count[];
  screens: Count[];
  connections: Count[];
  /** Views on 2g, slow-2g or with Save-Data, out of the views whose connection is known. */
  slowConnections: { slow: number; known: number; share: number | null };
};

export async function devicesReport(from: string, to: string, rows?: DailyRow[]): Promise<DevicesReport> {
  const all = rows ?? (await dailyRows(from, to));
  const slow = sumBy(all, "slow").get("") ?? 0;
  const known = sumBy(all, "connection-known").get("") ?? 0;
  return {
    from,
    to,
    views: sumBy(all, "views").get("") ?? 0,
    browsers: toCounts(sumBy(all, "browser")),
    operatingSystems: toCounts(sumBy(all, "os")),
    screens: toCounts(sumBy(all, "screen"), SCREEN_CLASSES),
    connections: toCounts(sumBy(all, "connection"), CONNECTIONS),
    slowConnections: { slow, known, share: known ? Math.round((slow / known) * 1000) / 1000 : null },
  };
}

export type EngagementReport = {
  from: string;
  to: string;
  days: {
    day: string;
    views: number;
    readers: number;
    returningReaders: number;
    bookmarks: number;
    finishes: number;
  }[];
  totals: { views: number; readers: number; returningReaders: number; bookmarks: number; finishes: number };
};

/** Rows per UTC day of `table`.`column` within the range (constants of this file, never input). */
async function perDay(
  table: "Bookmark" | "ReadingPosition",
  column: "createdAt" | "finishedAt",
  from: string,
  to: string,
) {
  const j = julian(`"${column}"`);
  const rows = await prisma.$queryRawUnsafe<{ day: string; n: number | bigint }[]>(
    `SELECT date(${j}) AS day, COUNT(*) AS n FROM "${table}"
     WHERE "${column}" IS NOT NULL AND ${j} >= julianday(?) AND ${j} < julianday(?, '+1 day') GROUP BY day`,
    from,
    to,
  );
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

export async function engagementReport(from: string, to: string, rows?: DailyRow[]): Promise<EngagementReport> {
  const all = rows ?? (await dailyRows(from, to));
  const [bookmarks, finishes] = await Promise.all([
    perDay("Bookmark", "createdAt", from, to),
    perDay("ReadingPosition", "finishedAt", from, to),
  ]);
  const byDay = (metric: string) => {
    const map = new Map<string, number>();
    for (const r of all) if (r.metric === metric && r.key === "") add(map, r.day, r.value);
    return map;
  };
  const views = byDay("views");
  const readers = byDay("readers");
  const returning = byDay("returning");
  const days = daysBetween(from, to).map((day) => ({
    day,
    views: views.get(day) ?? 0,
    readers: readers.get(day) ?? 0,
    returningReaders: returning.get(day) ?? 0,
    bookmarks: bookmarks.get(day) ?? 0,
    finishes: finishes.get(day) ?? 0,
  }));
  const total = (k: keyof (typeof days)[number]) => days.reduce((s, d) => s + (d[k] as number), 0);
  return {
    from,
    to,
    days,
    totals: {
      views: total("views"),
      // A reader is counted once a day: the same reader on two days is two (nothing links the days).
      readers: total("readers"),
      returningReaders: total("returningReaders"),
      bookmarks: total("bookmarks"),
      finishes: total("finishes"),
    },
  };
}

export type VitalsSummary = {
  name: VitalName;
  good: number;
  pages: { pageType: string; p75: number; count: number; isGood: boolean }[];
}[];

/** The web vitals at p75 per page type, against the "good" thresholds (daily p75s weighted by their counts). */
export function vitalsSummary(rows: DailyRow[]): VitalsSummary {
  const counts = new Map(
    rows.filter((r) => r.metric === "vital-count").map((r) => [`${r.day}|${r.key}`, r.value] as const),
  );
  const groups = new Map<string, { value: number; weight: number }[]>();
  for (const r of rows) {
    if (r.metric !== "vital-p75") continue;
    const list = groups.get(r.key) ?? [];
    list.push({ value: r.value, weight: counts.get(`${r.day}|${r.key}`) ?? 1 });
    groups.set(r.key, list);
  }
  return VITAL_NAMES.map((name) => ({
    name,
    good: GOOD_THRESHOLDS[name],
    pages: PAGE_TYPES.flatMap((pageType) => {
      const list = groups.get(`${name}:${pageType}`);
      if (!list?.length) return [];
      const count = list.reduce((s, p) => s + p.weight, 0);
      const p75 = weightedPercentile(list, 75) ?? 0;
      return [
        {
          pageType,
          p75: name === "CLS" ? Math.round(p75 * 1000) / 1000 : Math.round(p75),
          count,
          isGood: p75 <= GOOD_THRESHOLDS[name],
        },
      ];
    }),
  }));
}

function weightedPercentile(pairs: { value: number; weight: number }[], p: number): number | null {
  const total = pairs.reduce((s, x) => s + x.weight, 0);
  if (!total) return null;
  const sorted = [...pairs].sort((a, b) => a.value - b.value);
  let seen = 0;
  for (const x of sorted) {
    seen += x.weight;
    if (seen >= (p / 100) * total) return x.value;
  }
  return sorted.at(-1)?.value ?? null;
}

/** Everything /admin/analytics shows, from one read of the daily rows. */
export async function analyticsOverview(from: string, to: string) {
  const rows = await dailyRows(from, to);
  const [readingTime, devices, engagement] = await Promise.all([
    readingTimeReport(from, to, rows),
    devicesReport(from, to, rows),
    engagementReport(from, to, rows),
  ]);
  return { readingTime, devices, engagement, vitals: vitalsSummary(rows) };
}
