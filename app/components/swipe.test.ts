import { describe, expect, it } from "vitest";
import { isSheetCloseSwipe, isSidebarCloseSwipe } from "./swipe";

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
  it("needs at least 70 px towards the edge", () => {
    expect(isSheetCloseSwipe(-70, 0)).toBe(true);
    expect(isSheetCloseSwipe(-69, 0)).toBe(false);
    expect(isSheetCloseSwipe(70, 0, "right")).toBe(true);
    expect(isSheetCloseSwipe(70, 0, "left")).toBe(false);
  });
  it("needs a mostly horizontal direction (ratio at most 0.8)", () => {
    expect(isSheetCloseSwipe(-100, 80)).toBe(true);
    expect(isSheetCloseSwipe(-100, 81)).toBe(false);
  });
});
