import { describe, expect, it } from "vitest";
import { isSlowConnection } from "~/utils/connection";
import {
  NAVIGATION_ANIMATION_MS,
  navigationAnimationMs,
  overlayDelayMs,
  STYLESHEET_FALLBACK_MS,
} from "./animation-rules";
import { PULL, pullDistance, pullPhase, pullText, refreshStatusText } from "./pull-rules";
import { isStoryTextPath, isWidgetHidden, motionAllowed, shouldPlayIntro } from "./shell-rules";

const calm = { connection: { effectiveType: "4g" }, prefersReducedMotion: false, reducedMotionSetting: false };

describe("the intro (overlay, LOADING splash, first-load animation)", () => {
  it("plays on the first visit of a session, on a page that is not a story's text", () => {
    for (const pathname of ["/", "/home", "/stories", "/reader", "/about", "/community"]) {
      expect(shouldPlayIntro({ ...calm, firstVisit: true, pathname }), pathname).toBe(true);
    }
  });

  it("never on a later visit of the session", () => {
    expect(shouldPlayIntro({ ...calm, firstVisit: false, pathname: "/" })).toBe(false);
  });

  it("never over the story text the server painted", () => {
    for (const pathname of ["/reader/the-well", "/story/the-well", "/community-story/a-tale", "/story/the-well/"]) {
      expect(shouldPlayIntro({ ...calm, firstVisit: true, pathname }), pathname).toBe(false);
    }
  });

  it.each([
    ["2g", { effectiveType: "2g" }],
    ["slow-2g", { effectiveType: "slow-2g" }],
    ["Save-Data", { effectiveType: "4g", saveData: true }],
  ])("never on %s", (_, connection) => {
    expect(shouldPlayIntro({ ...calm, connection, firstVisit: true, pathname: "/" })).toBe(false);
  });

  it("never with prefers-reduced-motion or the reduced-motion setting", () => {
    expect(shouldPlayIntro({ ...calm, prefersReducedMotion: true, firstVisit: true, pathname: "/" })).toBe(false);
    expect(shouldPlayIntro({ ...calm, reducedMotionSetting: true, firstVisit: true, pathname: "/" })).toBe(false);
  });

  it("a browser without the Network Information API is not taken for a slow one", () => {
    expect(isSlowConnection(undefined)).toBe(false);
    expect(isSlowConnection({ effectiveType: "3g" })).toBe(false);
    expect(motionAllowed({ ...calm, connection: undefined })).toBe(true);
  });
});

describe("the story-text pages", () => {
  it("are a story under reader, story or community-story, not the lists", () => {
    expect(isStoryTextPath("/reader/x")).toBe(true);
    expect(isStoryTextPath("/reader")).toBe(false);
    expect(isStoryTextPath("/stories")).toBe(false);
    expect(isStoryTextPath("/community-story/x/comments")).toBe(false);
  });
});

describe("the navigation animation", () => {
  it("is 0.8 s, except to reader, stories and home", () => {
    for (const to of ["/", "/home", "/stories", "/reader", "/reader/the-well", "/story/the-well"]) {
      expect(navigationAnimationMs(to), to).toBe(0);
    }
    for (const to of ["/about", "/community-story/a-tale", "/community", "/settings/fonts", "/storiesx", "/homepage"]) {
      expect(navigationAnimationMs(to), to).toBe(NAVIGATION_ANIMATION_MS);
    }
    expect(NAVIGATION_ANIMATION_MS).toBe(800);
  });
});

describe("the loading overlay goes", () => {
  it("at once when the stylesheets have loaded", () => {
    expect(overlayDelayMs({ stylesheetsLoaded: true, loadEventAt: null, startedAt: 0, now: 50 })).toBe(0);
  });

  it("after at most 3 s without the stylesheets or the load event", () => {
    expect(overlayDelayMs({ stylesheetsLoaded: false, loadEventAt: null, startedAt: 0, now: 1000 })).toBe(
      STYLESHEET_FALLBACK_MS - 1000,
    );
    expect(overlayDelayMs({ stylesheetsLoaded: false, loadEventAt: null, startedAt: 0, now: 5000 })).toBe(0);
  });

  it("shortly after the window load event when that comes first", () => {
    expect(overlayDelayMs({ stylesheetsLoaded: false, loadEventAt: 400, startedAt: 0, now: 400 })).toBe(100);
    expect(overlayDelayMs({ stylesheetsLoaded: false, loadEventAt: 2950, startedAt: 0, now: 2950 })).toBe(50);
  });
});

describe("pull-to-refresh (spec §4, §9)", () => {
  it("moves 0.4 of the drag, capped at 150", () => {
    expect(pullDistance(100)).toBe(40);
    expect(pullDistance(250)).toBe(100);
    expect(pullDistance(375)).toBe(150);
    expect(pullDistance(1000)).toBe(PULL.max);
    expect(pullDistance(-80)).toBe(0);
    expect(pullDistance(0)).toBe(0);
  });

  it("is ready to refresh at 100", () => {
    expect(pullPhase(0)).toBe("idle");
    expect(pullPhase(pullDistance(249))).toBe("pulling");
    expect(pullPhase(pullDistance(250))).toBe("ready");
    expect(pullPhase(150)).toBe("ready");
  });

  it("says what the spec says", () => {
    expect(pullText("pulling")).toBe("Pull to refresh");
    expect(pullText("ready")).toBe("Release to refresh");
    expect(pullText("refreshing")).toBe("Refreshing...");
  });
});

describe("the refresh helper's line", () => {
  const now = new Date("2026-11-24T20:00:00Z");
  it('is "Never refreshed" before the first refresh', () => {
    expect(refreshStatusText(null, now)).toBe("Never refreshed");
  });
  it('is "Last updated ..." after one', () => {
    expect(refreshStatusText(new Date("2026-11-24T19:59:50Z"), now)).toBe("Last updated just now");
    expect(refreshStatusText(new Date("2026-11-24T19:59:00Z"), now)).toBe("Last updated 1 minute ago");
    expect(refreshStatusText(new Date("2026-11-24T19:45:00Z"), now)).toBe("Last updated 15 minutes ago");
    expect(refreshStatusText(new Date("2026-11-24T17:00:00Z"), now)).toMatch(/^Last updated at /);
  });
});

describe("the floating widget", () => {
  it("is hidden on home, stories, reader, community-story and community", () => {
    for (const path of [
      "/",
      "/home",
      "/stories",
      "/reader",
      "/reader/the-well",
      "/story/the-well",
      "/community-story/a-tale",
      "/community",
      "/community/threads/abc",
      "/feedback",
    ]) {
      expect(isWidgetHidden(path), path).toBe(true);
    }
  });
  it("shows elsewhere", () => {
    for (const path of ["/about", "/search", "/settings/fonts", "/bookmarks", "/admin", "/storiesx", "/homes"]) {
      expect(isWidgetHidden(path), path).toBe(false);
    }
  });
});
