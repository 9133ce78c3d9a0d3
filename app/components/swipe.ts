import { SWIPE } from "~/utils/site";

/** Sidebar: a leftward swipe of more than 50 px with under 40 px vertical drift closes it (spec §2 Sidebar). */
export function isSidebarCloseSwipe(dx: number, dy: number): boolean {
  return dx < -SWIPE.sidebarMinX && Math.abs(dy) < SWIPE.sidebarMaxY;
}

/**
 * The sheet's own swipe-to-close, beside the sidebar's rule (spec §2 Sidebar, §9 Swipe): at
 * least 70 px towards the left edge it slid in from, mostly horizontal (vertical over
 * horizontal distance at most 0.8). It closes a longer swipe that drifts 40 px or more.
 */
export function isSheetCloseSwipe(dx: number, dy: number): boolean {
  return -dx >= SWIPE.sheetMinX && Math.abs(dy) / Math.abs(dx) <= SWIPE.sheetMaxRatio;
}

/** What closes the mobile sheet: either rule. */
export function closesSheet(dx: number, dy: number): boolean {
  return isSidebarCloseSwipe(dx, dy) || isSheetCloseSwipe(dx, dy);
}
