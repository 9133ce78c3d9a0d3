import { describe, expect, it } from "vitest";
import { acceptAll, essentialOnly, mergeConsent } from "~/consent/consent";
import {
  classifyPath,
  connectionType,
  DateRangeSchema,
  daysBetween,
  median,
  PageViewReportSchema,
  PerformanceReportSchema,
  percentile,
  performanceScore,
  resolveRange,
  screenClass,
  VitalsReportSchema,
} from "./analytics";
import { mayReport } from "./gate";

describe("consent gating", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  it("sends nothing without consent, or after Decline", () => {
    for (const kind of ["pageview", "vitals", "performance"] as const) {
      expect(mayReport(kind, null)).toBe(false);
      expect(mayReport(kind, undefined)).toBe(false);
      expect(mayReport(kind, essentialOnly(now))).toBe(false);
    }
  });

  it("page views need analytics; vitals and performance need performance", () => {
    const analyticsOnly = mergeConsent(null, { analytics: true }, now);
    const performanceOnly = mergeConsent(null, { performance: true }, now);
    expect(mayReport("pageview", analyticsOnly)).toBe(true);
    expect(mayReport("vitals", analyticsOnly)).toBe(false);
    expect(mayReport("performance", analyticsOnly)).toBe(false);
    expect(mayReport("pageview", performanceOnly)).toBe(false);
    expect(mayReport("vitals", performanceOnly)).toBe(true);
    expect(mayReport("performance", performanceOnly)).toBe(true);
  });

  it("Do Not Track and Global Privacy Control stop everything, even after Accept", () => {
    for (const kind of ["pageview", "vitals", "performance"] as const) {
      expect(mayReport(kind, acceptAll(now))).toBe(true);
      expect(mayReport(kind, acceptAll(now), { doNotTrack: true })).toBe(false);
      expect(mayReport(kind, acceptAll(now), { globalPrivacyControl: true })).toBe(false);
    }
  });
});

describe("classifying what was read", () => {
  it("names page types and the story of a story page", () => {
    expect(classifyPath("/")).toEqual({ pageType: "home", storySlug: null });
    expect(classifyPath("/home").pageType).toBe("home");
    expect(classifyPath("/stories").pageType).toBe("stories");
    expect(classifyPath("/story/the-widows-clock")).toEqual({ pageType: "story", storySlug: "the-widows-clock" });
    expect(classifyPath("/reader/the-widows-clock").storySlug).toBe("the-widows-clock");
    expect(classifyPath("/story/Bad Slug").pageType).toBe("other");
    expect(classifyPath("/admin/analytics").pageType).toBe("admin");
    expect(classifyPath("/settings/privacy").pageType).toBe("settings");
    expect(classifyPath("/community-story/x").pageType).toBe("community");
    expect(classifyPath("/about").pageType).toBe("other");
  });

  it("sorts screens at the spec's 768 px breakpoint and connections by the Network Information API's names", () => {
    expect(screenClass(390)).toBe("phone");
    expect(screenClass(767)).toBe("phone");
    expect(screenClass(768)).toBe("tablet");
    expect(screenClass(1280)).toBe("desktop");
    expect(screenClass(undefined)).toBe("unknown");
    expect(screenClass(0)).toBe("unknown");
    expect(connectionType("4G")).toBe("4g");
    expect(connectionType("slow-2g")).toBe("slow-2g");
    expect(connectionType("5g")).toBe("unknown");
  });
});

describe("reports as the browser sends them", () => {
  it("accepts the spec's page view fields and refuses odd ones", () => {
    const ok = PageViewReportSchema.safeParse({
      path: "/stories",
      referrer: "https://search.example/",
      timestamp: "2026-11-24T12:00:00.000Z",
      userAgent: "Mozilla/5.0",
      screenWidth: 390,
      screenHeight: 844,
    });
    expect(ok.success).toBe(true);
    expect(PageViewReportSchema.safeParse({ path: "stories" }).success).toBe(false);
    expect(PageViewReportSchema.safeParse({ path: "/x", screenWidth: -1 }).success).toBe(false);
    expect(PageViewReportSchema.safeParse({ path: "/x", viewId: "../../etc" }).success).toBe(false);
  });

  it("takes INP in FID's place and nothing else", () => {
    const base = { value: 12, identifier: "v5-1-2", navigationType: "navigate", url: "http://x/stories" };
    for (const metricName of ["CLS", "INP", "LCP", "FCP", "TTFB"])
      expect(VitalsReportSchema.safeParse({ ...base, metricName }).success).toBe(true);
    expect(VitalsReportSchema.safeParse({ ...base, metricName: "FID" }).success).toBe(false);
    expect(VitalsReportSchema.safeParse({ ...base, metricName: "LCP", value: Number.NaN }).success).toBe(false);
  });

  it("reads the performance report's metrics and scores them", () => {
    const metrics = {
      domContentLoaded: 900,
      firstByte: 200,
      loadEvent: 1200,
      transferSize: 14000,
      encodedBodySize: 13000,
      decodedBodySize: 52000,
    };
    expect(PerformanceReportSchema.safeParse({ metrics, coreVitals: { LCP: 1000 }, path: "/" }).success).toBe(true);
    expect(PerformanceReportSchema.safeParse({ metrics: { ...metrics, firstByte: -1 }, path: "/" }).success).toBe(
      false,
    );
    expect(performanceScore(metrics)).toBe(100);
    expect(performanceScore({ firstByte: 5000, domContentLoaded: 9000, loadEvent: 9000 })).toBe(0);
    const middling = performanceScore({ firstByte: 1300, domContentLoaded: 2900, loadEvent: 4250 });
    expect(middling).toBe(50);
  });
});

describe("ranges and percentiles", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  it("defaults to the last 30 days and refuses backwards or over-long ranges", () => {
    expect(resolveRange({}, now)).toEqual({ from: "2026-10-26", to: "2026-11-24" });
    expect(resolveRange({ from: "2026-11-01", to: "2026-11-03" }, now)).toEqual({
      from: "2026-11-01",
      to: "2026-11-03",
    });
    expect(resolveRange({ from: "2026-11-05", to: "2026-11-03" }, now)).toHaveProperty("error");
    expect(resolveRange({ from: "2020-01-01", to: "2026-11-03" }, now)).toHaveProperty("error");
    // Days after today (UTC) have no figures: refused, not shown as zeros.
    expect(resolveRange({ from: "2026-11-20", to: "2026-11-24" }, now)).toEqual({
      from: "2026-11-20",
      to: "2026-11-24",
    });
    expect(resolveRange({ from: "2026-11-20", to: "2026-11-25" }, now)).toEqual({
      error: "The end date must be today (2026-11-24, UTC) or earlier.",
    });
    expect(resolveRange({ from: "2026-11-25" }, now)).toHaveProperty("error");
    expect(DateRangeSchema.safeParse({ from: "2026-02-28" }).success).toBe(true);
    expect(DateRangeSchema.safeParse({ from: "2026-02-31" }).success).toBe(false);
    expect(DateRangeSchema.safeParse({ from: "31/01/2026" }).success).toBe(false);
    expect(daysBetween("2026-02-27", "2026-03-01")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });

  it("takes p75 by nearest rank and the median", () => {
    expect(percentile([], 75)).toBeNull();
    expect(percentile([100, 200, 300, 400], 75)).toBe(300);
    expect(percentile([5], 75)).toBe(5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
