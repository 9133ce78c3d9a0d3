import { SWIPE } from "~/utils/site";

/** Sidebar: a leftward swipe of more than 50 px with under 40 px vertical drift closes it (spec §2 Sidebar). */
export function isSidebarCloseSwipe(dx: number, dy: number): boolean {
  return dx < -SWIPE.sidebarMinX && Math.abs(dy) < SWIPE.sidebarMaxY;
}

/**
 * Sheets: at least 70 px towards the edge the sheet came from, mostly
 * horizontal (vertical/horizontal ratio at most 0.8) (spec §9 Swipe).
 */
export function isSheetCloseSwipe(dx: number, dy: number, side: "left" | "right" = "left"): boolean {
  const towardsEdge = side === "left" ? -dx : dx;
  if (towardsEdge < SWIPE.sheetMinX) return false;
  return Math.abs(dy) / Math.abs(dx) <= SWIPE.sheetMaxRatio;
}
