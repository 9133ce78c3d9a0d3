import { describe, expect, it } from "vitest";
import { closesSheet, isSheetCloseSwipe, isSidebarCloseSwipe } from "./swipe";

describe("isSidebarCloseSwipe", () => {
  it("closes on more than 50 px leftwards with under 40 px drift", () => {
    expect(isSidebarCloseSwipe(-51, 0)).toBe(true);
    expect(isSidebarCloseSwipe(-120, 39)).toBe(true);
    expect(isSidebarCloseSwipe(-120, -39)).toBe(true);
  });
  it("ignores short, drifting or rightward swipes", () => {
    expect(isSidebarCloseSwipe(-50, 0)).toBe(false);
    expect(isSidebarCloseSwipe(-120, 40)).toBe(false);
    expect(isSidebarCloseSwipe(120, 0)).toBe(false);
  });
});

describe("isSheetCloseSwipe", () => {
  it("needs at least 70 px towards the left edge", () => {
    expect(isSheetCloseSwipe(-70, 0)).toBe(true);
    expect(isSheetCloseSwipe(-69, 0)).toBe(false);
    expect(isSheetCloseSwipe(70, 0)).toBe(false);
    expect(isSheetCloseSwipe(0, 0)).toBe(false);
  });
  it("needs a mostly horizontal direction (ratio at most 0.8)", () => {
    expect(isSheetCloseSwipe(-100, 80)).toBe(true);
    expect(isSheetCloseSwipe(-100, -80)).toBe(true);
    expect(isSheetCloseSwipe(-100, 81)).toBe(false);
  });
});

describe("closesSheet", () => {
  it("takes either rule", () => {
    // The sidebar's rule: 60 px with 10 px of drift.
    expect(closesSheet(-60, 10)).toBe(true);
    // The sheet's rule: 70 px with 50 px of drift (too much for the sidebar's).
    expect(closesSheet(-70, 50)).toBe(true);
    // Neither: 60 px with 45 px of drift, and a diagonal of ratio 0.9.
    expect(closesSheet(-60, 45)).toBe(false);
    expect(closesSheet(-100, 90)).toBe(false);
  });
});
