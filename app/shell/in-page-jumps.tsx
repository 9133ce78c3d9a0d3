import { useEffect } from "react";
import { motionConditions } from "./motion-conditions";
import { motionAllowed } from "./shell-rules";

/** How long a glide may take before the page's scrolling is instant again, if the browser never says it ended. */
const GLIDE_LIMIT_MS = 2_000;

/**
 * Whether a click follows a link to another place on the page the reader is on (the same
 * document, with a fragment): Back to top, Continue reading, a reply's anchor. Not a click the
 * page or a modifier key turns into something else, nor a link that opens elsewhere.
 */
export function isInPageJump(event: MouseEvent, location: Pick<Location, "origin" | "pathname" | "search">): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || !link.hash) return false;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return false;
  return link.origin === location.origin && link.pathname === location.pathname && link.search === location.search;
}

/**
 * The reader's own jumps within a page glide (docs/decisions/025); every other scroll is instant.
 * The document used to say `scroll-behavior: smooth` for all of them, and then the browser also
 * glided to every control that took the focus (Tab, a label, a form's first error): a keyboard
 * user waited for each field to slide into view, and a new page slid up from where the last one
 * was left. Now the smoothness is set for one jump, just before the browser follows the link,
 * and taken back when that scroll ends. Not with reduced motion (the reader's setting or the
 * system's) nor on a slow connection; without JavaScript every jump is instant.
 */
export function SmoothInPageJumps() {
  useEffect(() => {
    const root = document.documentElement;
    let limit: ReturnType<typeof setTimeout> | undefined;
    const end = () => {
      clearTimeout(limit);
      removeEventListener("scrollend", end);
      root.style.removeProperty("scroll-behavior");
    };
    const onClick = (event: MouseEvent) => {
      if (!isInPageJump(event, window.location) || !motionAllowed(motionConditions())) return;
      end();
      root.style.scrollBehavior = "smooth";
      addEventListener("scrollend", end, { once: true });
      limit = setTimeout(end, GLIDE_LIMIT_MS);
    };
    // Bubbling to the document comes before the browser's own following of the link.
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("click", onClick);
      end();
    };
  }, []);
  return null;
}
