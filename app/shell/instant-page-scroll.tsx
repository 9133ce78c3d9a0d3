import { useEffect, useLayoutEffect } from "react";
import { useLocation } from "react-router";

/**
 * A new page starts at its top (or at the place a Back brings the reader to) at once, as the
 * browser starts every page without JavaScript. React Router's <ScrollRestoration> scrolls with
 * window.scrollTo, which follows the document's `scroll-behavior: smooth`: that smoothness is
 * meant for the reader's own jumps within a page (Back to top, Continue reading, a reply's
 * anchor), but it also slid each new page up from where the last one had been scrolled to, for
 * half a second of animated scrolling through text the reader had not asked for.
 *
 * Rendered just before <ScrollRestoration>: its layout effect runs first and turns the smoothness
 * off, <ScrollRestoration>'s layout effect scrolls, and the passive effect, which runs after every
 * layout effect of the commit, turns it back on. A change of the fragment alone (the reader's own
 * jump) is not a new page and keeps it.
 */
export function InstantPageScroll() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new page, which is what pathname and search say
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.style.scrollBehavior = "auto";
    // Applied now: Chromium's window.scrollTo(0, 0) reads the style as it was last computed (it
    // skips the style and layout update that other positions get), which would still be smooth.
    getComputedStyle(root).scrollBehavior;
  }, [pathname, search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useEffect(() => {
    document.documentElement.style.removeProperty("scroll-behavior");
  }, [pathname, search]);
  return null;
}
