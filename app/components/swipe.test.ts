import { describe, expect, it } from "vitest";
import { isSidebarCloseSwipe } from "./swipe";

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
