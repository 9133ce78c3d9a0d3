import { SWIPE } from "~/utils/site";

/** Sidebar: a leftward swipe of more than 50 px with under 40 px vertical drift closes it (spec §2 Sidebar). */
export function isSidebarCloseSwipe(dx: number, dy: number): boolean {
  return dx < -SWIPE.sidebarMinX && Math.abs(dy) < SWIPE.sidebarMaxY;
}
