// The admin's analytics figures (docs/decisions/023): reading time per story,
// devices, engagement per day, web vitals at p75 per page type and the slow-connection share,
// each worked out from the daily rows of daily.server.ts.

import { prisma } from "~/db.server";
import { comparableTime, dayOfColumn, placeholders, timeParameter } from "~/site/sql.server";
import {
  CONNECTIONS,
  daysBetween,
  GOOD_THRESHOLDS,
  PAGE_TYPES,
  SCREEN_CLASSES,
  VITAL_NAMES,
  type VitalName,
} from "./analytics";
import { add, type DailyRow, dailyRows } from "./daily.server";

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
  const titles = await storyTitles(slugs);
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

/**
 * The titles of stories by slug, wherever the site knows them: its own posts (and published
 * community stories), the synced copies of WordPress stories, then the library's records of
 * stories a reader kept (a story since gone from its source). A slug nobody knows stays a slug.
 */
export async function storyTitles(slugs: string[]): Promise<Map<string, string>> {
  if (!slugs.length) return new Map();
  const where = { slug: { in: slugs } };
  const select = { slug: true, title: true } as const;
  const [own, synced, records] = await Promise.all([
    prisma.post.findMany({ where, select }),
    prisma.syncedPost.findMany({ where, select }),
    prisma.storyRecord.findMany({ where, select }),
  ]);
  const titles = new Map<string, string>();
  for (const row of [...own, ...synced, ...records])
    if (row.title.trim() && !titles.has(row.slug)) titles.set(row.slug, row.title);
  return titles;
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
  const time = comparableTime(`"${column}"`);
  const rows = await prisma.$queryRawUnsafe<{ day: string; n: number | bigint }[]>(
    placeholders(`SELECT ${dayOfColumn(`"${column}"`)} AS day, COUNT(*) AS n FROM "${table}"
     WHERE "${column}" IS NOT NULL AND ${time} >= ${timeParameter()} AND ${time} < ${timeParameter(1)} GROUP BY day`),
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
