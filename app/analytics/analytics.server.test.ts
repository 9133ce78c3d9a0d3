import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { acceptAll, essentialOnly, mergeConsent } from "~/consent/consent";
import { consentCookies } from "~/consent/consent.server";
import { prisma } from "~/db.server";
import { clientAddressContext } from "~/utils/request-context";
import { dayOf } from "./analytics";
import { aggregateDay, dailyRows, purgeOldEvents, rollUpFinishedDays } from "./daily.server";
import {
  analyticsMiddleware,
  isPageNavigation,
  isPrefetch,
  recordPageViewReport,
  recordReadingEvent,
  recordVital,
  refusal,
  trackingRefused,
  visitorHash,
} from "./record.server";
import { devicesReport, engagementReport, readingTimeReport, vitalsSummary } from "./reports.server";

const CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function consentCookie(preferences = acceptAll()) {
  const [cookie] = await consentCookies(preferences);
  return (cookie as string).split(";")[0] as string;
}

function context(address = "203.0.113.7") {
  const c = new RouterContextProvider();
  c.set(clientAddressContext, address);
  return c;
}

function request(headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/analytics/pageview", {
    method: "POST",
    headers: { "User-Agent": CHROME, ...headers },
  });
}

beforeEach(async () => {
  await prisma.pageView.deleteMany();
  await prisma.webVital.deleteMany();
  await prisma.readingEvent.deleteMany();
  await prisma.performanceReport.deleteMany();
  await prisma.analyticsDaily.deleteMany();
  await prisma.analyticsSalt.deleteMany();
});

describe("who is counted", () => {
  it("refuses without consent, after Decline, with DNT or GPC, and for bots", async () => {
    expect(await refusal(request(), "analytics")).toMatch(/No consent/);
    expect(await refusal(request({ Cookie: await consentCookie(essentialOnly()) }), "analytics")).toMatch(/No consent/);
    const accepted = await consentCookie();
    expect(await refusal(request({ Cookie: accepted }), "analytics")).toBeNull();
    expect(await refusal(request({ Cookie: accepted }), "performance")).toBeNull();
    expect(await refusal(request({ Cookie: accepted, DNT: "1" }), "analytics")).toMatch(/Do Not Track/);
    expect(await refusal(request({ Cookie: accepted, "Sec-GPC": "1" }), "analytics")).toMatch(/Global Privacy/);
    expect(
      await refusal(
        request({
          Cookie: accepted,
          "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        }),
        "analytics",
      ),
    ).toMatch(/Automated/);
    // The opt-out of one category in settings is honoured for that category only.
    const noPerformance = await consentCookie(mergeConsent(null, { analytics: true }));
    expect(await refusal(request({ Cookie: noPerformance }), "analytics")).toBeNull();
    expect(await refusal(request({ Cookie: noPerformance }), "performance")).toMatch(/No consent to performance/);
    expect(trackingRefused(request({ DNT: "0" }))).toBe(false);
    expect(isPrefetch(request({ "Sec-Purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetch(request({ Purpose: "prefetch" }))).toBe(true);
    expect(isPrefetch(request())).toBe(false);
  });

  it("hashes the visitor with a salt of the day: stable within a day, different across days, no address stored", async () => {
    const r = request();
    const a = await visitorHash(r, context(), "2026-11-24");
    expect(await visitorHash(r, context(), "2026-11-24")).toBe(a);
    expect(await visitorHash(r, context("198.51.100.1"), "2026-11-24")).not.toBe(a);
    expect(await visitorHash(r, context(), "2026-11-25")).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toContain("203.0.113.7");
  });
});

describe("page views", () => {
  it("a report naming the server's view completes it instead of counting twice", async () => {
    const ctx = context();
    const r = request({ Cookie: await consentCookie() });
    const day = dayOf(new Date());
    await prisma.pageView.create({
      data: {
        id: "serverview1",
        day,
        path: "/stories",
        pageType: "stories",
        source: "server",
        visitor: await visitorHash(r, ctx, day),
      },
    });
    const first = await recordPageViewReport(r, ctx, {
      path: "/stories",
      referrer: "",
      screenWidth: 390,
      screenHeight: 844,
      connection: "3g",
      viewId: "serverview1",
    });
    expect(first).toMatchObject({ counted: false, completed: true });
    expect(await prisma.pageView.count()).toBe(1);
    expect(await prisma.pageView.findUnique({ where: { id: "serverview1" } })).toMatchObject({
      screenWidth: 390,
      screenClass: "phone",
      connection: "3g",
    });
    // The same id again (a replay, or another reader's guess) neither counts nor completes anything.
    const again = await recordPageViewReport(r, ctx, { path: "/stories", referrer: "", viewId: "serverview1" });
    expect(again).toEqual({ counted: false, setCookie: null });
    // Nor does an id the server never counted (its page was a 404): that page load was the server's to count.
    const unknown = await recordPageViewReport(r, ctx, { path: "/nope", referrer: "", viewId: "notcounted1" });
    expect(unknown.counted).toBe(false);
    expect(await prisma.pageView.count()).toBe(1);
    // A navigation in the browser is a view of its own, from the browser.
    const next = await recordPageViewReport(r, ctx, {
      path: "/story/the-widows-clock",
      referrer: "https://search.example/q?x=1",
    });
    expect(next.counted).toBe(true);
    expect(next.setCookie).toMatch(/^hs_seen=\d{4}-\d{2}-\d{2}; Path=\/; Max-Age=7776000; SameSite=Lax; HttpOnly/);
    const story = await prisma.pageView.findFirst({ where: { path: "/story/the-widows-clock" } });
    expect(story).toMatchObject({
      source: "beacon",
      pageType: "story",
      storySlug: "the-widows-clock",
      browser: "Chrome",
    });
    // Only the referring origin is kept.
    expect(story?.referrer).toBe("https://search.example");
  });

  /** A GET of `path` through the server's counting, answered with an HTML page. */
  async function serve(path: string, headers: Record<string, string>) {
    const r = new Request(`http://localhost${path}`, { headers: { "User-Agent": CHROME, ...headers } });
    const html = () => new Response("<!doctype html>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    await analyticsMiddleware(
      { request: r, context: context(), params: {}, unstable_pattern: path } as never,
      async () => html(),
    );
  }

  it("the server counts the pages a browser navigated to, not the service worker's fetches of them", async () => {
    const Cookie = await consentCookie();
    const navigation = { Cookie, Accept: "text/html,application/xhtml+xml", "Sec-Fetch-Dest": "document" };
    // The worker precaching the offline page and keeping the library and a saved story (fetch(): `empty`, `*/*`).
    const worker = { Cookie, Accept: "*/*", "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "same-origin" };
    await serve("/offline", { ...worker, "X-Offline-Copy": "shell" });
    await serve("/bookmarks", { ...worker, "X-Offline-Copy": "reader" });
    await serve("/story/bread-and-salt", worker);
    // A browser without Fetch Metadata: its fetch says `*/*`, its navigation asks for HTML; the marker wins.
    await serve("/story/bread-and-salt", { Cookie, Accept: "*/*" });
    await serve("/offline", { Cookie, Accept: "text/html", "X-Offline-Copy": "shell" });
    expect(await prisma.pageView.count()).toBe(0);
    await serve("/story/bread-and-salt", navigation);
    await serve("/bookmarks", { Cookie, Accept: "text/html,*/*;q=0.8" });
    expect((await prisma.pageView.findMany({ orderBy: { createdAt: "asc" } })).map((v) => v.path)).toEqual([
      "/story/bread-and-salt",
      "/bookmarks",
    ]);
    expect(isPageNavigation(new Request("http://localhost/", { headers: { "Sec-Fetch-Dest": "iframe" } }))).toBe(false);
  });

  it("an administrator's admin pages are not reader traffic, from the server or the browser", async () => {
    const Cookie = await consentCookie();
    await serve("/admin", { Cookie, Accept: "text/html", "Sec-Fetch-Dest": "document" });
    await serve("/admin/analytics", { Cookie, Accept: "text/html", "Sec-Fetch-Dest": "document" });
    const report = await recordPageViewReport(request({ Cookie }), context(), {
      path: "/admin/feedback",
      referrer: "",
    });
    expect(report).toEqual({ counted: false, setCookie: null });
    expect(await prisma.pageView.count()).toBe(0);
    // The admin reading a story is a reader like any other.
    await serve("/story/bread-and-salt", { Cookie, Accept: "text/html", "Sec-Fetch-Dest": "document" });
    expect(await prisma.pageView.count()).toBe(1);
  });

  it("marks a reader counted on an earlier day as returning", async () => {
    const r = request({ Cookie: `${await consentCookie()}; hs_seen=2026-01-01` });
    const result = await recordPageViewReport(r, context(), { path: "/", referrer: "" });
    expect(result.setCookie).toBeNull();
    expect((await prisma.pageView.findFirst())?.returning).toBe(true);
  });
});

describe("roll-ups and reports", () => {
  const at = (iso: string) => new Date(iso);
  const view = (
    day: string,
    visitor: string,
    extra: Partial<Parameters<typeof prisma.pageView.create>[0]["data"]> = {},
  ) =>
    prisma.pageView.create({
      data: {
        day,
        createdAt: at(`${day}T10:00:00Z`),
        path: "/",
        pageType: "home",
        source: "server",
        visitor,
        ...extra,
      },
    });

  it("works out reading time, completion, devices, engagement and vitals from raw events", async () => {
    const day = "2026-11-20";
    await view(day, "a", {
      path: "/story/s1",
      pageType: "story",
      storySlug: "s1",
      browser: "Chrome",
      connection: "2g",
      screenClass: "phone",
    });
    await view(day, "b", {
      path: "/story/s1",
      pageType: "story",
      storySlug: "s1",
      browser: "Firefox",
      connection: "4g",
      screenClass: "desktop",
      returning: true,
    });
    await view(day, "b", { browser: "Firefox", connection: "4g", screenClass: "desktop", returning: true });
    await view(day, "c", { saveData: true });
    // a reads for 4 minutes and finishes; b reads for 2 minutes and stops.
    await prisma.readingEvent.createMany({
      data: [
        { day, visitor: "a", storySlug: "s1", percent: 50, createdAt: at(`${day}T10:02:00Z`) },
        { day, visitor: "a", storySlug: "s1", percent: 100, finished: true, createdAt: at(`${day}T10:04:00Z`) },
        { day, visitor: "b", storySlug: "s1", percent: 30, createdAt: at(`${day}T10:02:00Z`) },
      ],
    });
    for (const [i, value] of [1000, 2000, 3000, 4000].entries())
      await recordVital(new Request("http://localhost/"), {
        metricName: "LCP",
        value,
        identifier: `v5-${i}`,
        navigationType: "navigate",
        url: "http://localhost/story/s1",
      });
    await prisma.webVital.updateMany({ data: { day } });

    const reading = await readingTimeReport(day, day);
    expect(reading.stories).toEqual([
      { slug: "s1", title: "s1", sessions: 2, finished: 1, completionRate: 0.5, medianSeconds: 180 },
    ]);
    const devices = await devicesReport(day, day);
    expect(devices.views).toBe(4);
    expect(devices.browsers).toEqual([
      { label: "Firefox", value: 2 },
      { label: "Chrome", value: 1 },
      { label: "Unknown", value: 1 },
    ]);
    expect(devices.screens.map((s) => s.label)).toEqual(["phone", "desktop", "unknown"]);
    // 2g and Save-Data are slow; of the 4 views, 4 have a known connection or Save-Data.
    expect(devices.slowConnections).toEqual({ slow: 2, known: 4, share: 0.5 });
    const engagement = await engagementReport(day, "2026-11-21");
    expect(engagement.days).toEqual([
      { day, views: 4, readers: 3, returningReaders: 1, bookmarks: 0, finishes: 0 },
      { day: "2026-11-21", views: 0, readers: 0, returningReaders: 0, bookmarks: 0, finishes: 0 },
    ]);
    const vitals = vitalsSummary(await dailyRows(day, day));
    expect(vitals.find((v) => v.name === "LCP")?.pages).toEqual([
      { pageType: "story", p75: 3000, count: 4, isGood: false },
    ]);
  });

  it("rolls up finished days, then purges raw events past the retention time; the figures stay", async () => {
    const old = "2026-10-01";
    await view(old, "a");
    await view(old, "b");
    await view(dayOf(new Date()), "today");
    const now = new Date("2026-11-24T12:00:00Z");
    const before = await engagementReport(old, old);
    expect(before.totals).toMatchObject({ views: 2, readers: 2 });
    const rolled = await rollUpFinishedDays(now);
    expect(rolled).toContain(old);
    expect(await rollUpFinishedDays(now)).toEqual([]);
    const purged = await purgeOldEvents(now, 30);
    expect(purged.views).toBe(2);
    expect(await prisma.pageView.count({ where: { day: old } })).toBe(0);
    expect((await engagementReport(old, old)).totals).toMatchObject({ views: 2, readers: 2 });
    // The pure aggregation of nothing is zeros, not missing days.
    expect(
      aggregateDay("2026-01-01", { views: [], reading: [], vitals: [] }).find((r) => r.metric === "views")?.value,
    ).toBe(0);
  });

  it("names each story by its title wherever the site knows it, not only in the library's records", async () => {
    const slugs = ["t-synced", "t-own", "t-kept", "t-unknown"];
    const clean = () =>
      Promise.all([
        prisma.syncedPost.deleteMany({ where: { slug: { in: slugs } } }),
        prisma.post.deleteMany({ where: { slug: { in: slugs } } }),
        prisma.storyRecord.deleteMany({ where: { slug: { in: slugs } } }),
      ]);
    await clean();
    const date = new Date("2026-11-01T00:00:00Z");
    await prisma.syncedPost.create({
      data: { id: 990_001, source: "wp", slug: "t-synced", title: "The Cursed Post", text: "", date, data: "{}" },
    });
    await prisma.post.create({ data: { slug: "t-own", title: "Bread & Salt", content: "<p>x</p>" } });
    await prisma.storyRecord.create({ data: { slug: "t-kept", title: "Low Tide at Carrick", date } });
    const day = "2026-11-20";
    const rows = slugs.map((key) => ({ day, metric: "story-sessions", key, value: 1 }));
    try {
      const titles = (await readingTimeReport(day, day, rows)).stories.map((s) => [s.slug, s.title]);
      expect(Object.fromEntries(titles)).toEqual({
        "t-synced": "The Cursed Post",
        "t-own": "Bread & Salt",
        "t-kept": "Low Tide at Carrick",
        "t-unknown": "t-unknown",
      });
    } finally {
      await clean();
    }
  });

  it("records a reading event only with analytics consent", async () => {
    await recordReadingEvent(request(), context(), { slug: "s1", percent: 40, finished: false });
    expect(await prisma.readingEvent.count()).toBe(0);
    await recordReadingEvent(request({ Cookie: await consentCookie() }), context(), {
      slug: "s1",
      percent: 40,
      finished: false,
    });
    expect(await prisma.readingEvent.count()).toBe(1);
  });
});
