// The JavaScript shell's visible parts, in a chunk of their own that loads
// only when one of them can play (./shell.tsx, docs/decisions/025).
import "./shell.css";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { FIRST_LOAD_ANIMATION_MS, navigationAnimationMs, overlayDelayMs, SPLASH_MS } from "./animation-rules";
import { PULL, PULL_SUCCESS_MS, type PullPhase, pullDistance, pullPhase, pullText } from "./pull-rules";
import { markRefreshed } from "./refresh";

export type ShellEffectsProps = {
  /** The overlay, the LOADING splash and the first-load animation. */
  intro: boolean;
  /** The 0.8 s animation on navigation, during the session's first visit. */
  animateNavigation: boolean;
  /** A touch device: pull-to-refresh. */
  pullToRefresh: boolean;
};

const LETTERS = ["L", "O", "A", "D", "I", "N", "G"];

function stylesheetsLoaded() {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null);
}

function loadEventAt(): number | null {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (document.readyState !== "complete") return null;
  return entry?.loadEventEnd || performance.now();
}

/**
 * Where the splash hides nothing: in the room <main> keeps above its first line (its top padding,
 * 2rem, which the card's 1.5rem and border fit), centred on it. Over the header it hid the site's
 * name and the search button of a phone (issue 40: nothing floating over a control or text). Below
 * a phone's flash toast too, which stands between the header and <main>. Not shown when that room
 * is off the screen (a page opened at a fragment).
 */
function placeSplash(card: HTMLElement) {
  const main = document.getElementById("main-content");
  if (!main) return;
  const box = main.getBoundingClientRect();
  const top = box.top + (Number.parseFloat(getComputedStyle(main).paddingTop) - card.offsetHeight) / 2;
  card.style.top = `${top}px`;
  card.style.left = `${box.left + box.width / 2}px`;
  card.style.visibility = top < 0 || top > window.innerHeight ? "hidden" : "";
}

/**
 * The loading overlay, the LOADING splash (2500 ms, scrolling locked) and the
 * first-load animation (1.5 s). They let every click and key through
 * (pointer-events: none, aria-hidden letters), and the splash is a small card
 * in the room above the page's first line (placeSplash) that hides none of the
 * page: the page under them is already complete and usable.
 */
function Intro() {
  const [overlay, setOverlay] = useState(true);
  const [splash, setSplash] = useState(true);
  const [animation, setAnimation] = useState(true);
  const splashRef = useRef<HTMLDivElement>(null);

  // Before the first paint, and again when the screen turns, the window is resized or the page
  // scrolls: the reader's hand cannot scroll it (locked), but a reload's scroll restoration and a
  // jump to a fragment can, and the card stays fixed where the room above the first line was.
  useLayoutEffect(() => {
    const card = splashRef.current;
    if (!card) return;
    const place = () => placeSplash(card);
    place();
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, { passive: true });
    return () => {
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place);
    };
  }, []);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.add("hs-scroll-locked");
    const timers = [
      setTimeout(() => {
        setSplash(false);
        root.classList.remove("hs-scroll-locked");
      }, SPLASH_MS),
      setTimeout(() => setAnimation(false), FIRST_LOAD_ANIMATION_MS),
    ];
    let overlayTimer: ReturnType<typeof setTimeout> | undefined;
    const scheduleOverlay = () => {
      clearTimeout(overlayTimer);
      overlayTimer = setTimeout(
        () => setOverlay(false),
        overlayDelayMs({
          stylesheetsLoaded: stylesheetsLoaded(),
          loadEventAt: loadEventAt(),
          startedAt: 0,
          now: performance.now(),
        }),
      );
    };
    scheduleOverlay();
    window.addEventListener("load", scheduleOverlay, { once: true });
    return () => {
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(overlayTimer);
      window.removeEventListener("load", scheduleOverlay);
      root.classList.remove("hs-scroll-locked");
    };
  }, []);

  return (
    <>
      {overlay ? <div className="hs-overlay" aria-hidden="true" /> : null}
      {splash ? (
        <div ref={splashRef} className="hs-splash" role="status" aria-label="Loading">
          <p className="hs-splash-word" aria-hidden="true">
            {LETTERS.map((letter, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the word never changes
              <span key={index} className="hs-splash-letter" style={{ animationDelay: `${index * 120}ms` }}>
                {letter}
              </span>
            ))}
          </p>
        </div>
      ) : null}
      {animation ? <LoadingBar durationMs={FIRST_LOAD_ANIMATION_MS} /> : null}
    </>
  );
}

function LoadingBar({ durationMs }: { durationMs: number }) {
  return (
    <div
      className="hs-loading-bar"
      role="progressbar"
      aria-label="Loading the page"
      style={{ animationDuration: `${durationMs}ms` }}
    />
  );
}

/** 0.8 s on each navigation, except to reader, stories and home (spec §2). */
function NavigationAnimation() {
  const location = useLocation();
  const previous = useRef(location.key);
  const [playing, setPlaying] = useState<{ key: string; ms: number } | null>(null);

  useEffect(() => {
    if (previous.current === location.key) return;
    previous.current = location.key;
    const ms = navigationAnimationMs(location.pathname);
    if (ms === 0) {
      setPlaying(null);
      return;
    }
    setPlaying({ key: location.key, ms });
    const timer = setTimeout(() => setPlaying(null), ms);
    return () => clearTimeout(timer);
  }, [location.key, location.pathname]);

  return playing ? <LoadingBar key={playing.key} durationMs={playing.ms} /> : null;
}

/** A dialog or a popover (the sidebar sheet) is open. */
function isOverlayOpen(): boolean {
  if (document.querySelector("dialog[open]")) return true;
  try {
    return document.querySelector("[popover]:popover-open") !== null;
  } catch {
    // A browser without :popover-open has no popovers open either.
    return false;
  }
}

/**
 * Pull-to-refresh on touch devices (spec §4, §9): the distance is the drag
 * times 0.4, capped at 150; letting go at 100 or more revalidates every
 * loader's data, then a brief success flash.
 */
function PullToRefresh() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [state, setState] = useState<{ phase: PullPhase; distance: number }>({ phase: "idle", distance: 0 });
  const busy = useRef(false);

  useEffect(() => {
    let start: { x: number; y: number } | null = null;
    let distance = 0;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      // Only from the very top of the page, with one finger, not while a refresh runs,
      // and not over an open dialog or the sidebar sheet (their own gestures win).
      const overlayOpen = isOverlayOpen();
      start =
        touch && event.touches.length === 1 && window.scrollY <= 0 && !busy.current && !overlayOpen
          ? { x: touch.clientX, y: touch.clientY }
          : null;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch) return;
      const dy = touch.clientY - start.y;
      // A sideways swipe (the sidebar's) is not a pull.
      if (distance === 0 && Math.abs(touch.clientX - start.x) > Math.abs(dy)) {
        start = null;
        return;
      }
      distance = pullDistance(dy);
      setState({ phase: pullPhase(distance), distance });
    };
    const onEnd = async () => {
      if (!start) return;
      start = null;
      if (distance < PULL.threshold) {
        distance = 0;
        setState({ phase: "idle", distance: 0 });
        return;
      }
      distance = 0;
      busy.current = true;
      setState({ phase: "refreshing", distance: PULL.threshold });
      try {
        await revalidate.current();
        markRefreshed();
      } finally {
        setState({ phase: "done", distance: PULL.threshold });
        setTimeout(() => {
          busy.current = false;
          setState({ phase: "idle", distance: 0 });
        }, PULL_SUCCESS_MS);
      }
    };
    const root = document.documentElement;
    // Our pull replaces the browser's own at the top of the page.
    root.classList.add("hs-pull-enabled");
    window.addEventListener("touchstart", onStart, { passive: true });
    // Passive: scrolling never waits for this listener. At the top of the page a
    // downward drag scrolls nothing, and overscroll-behavior stops the browser's own pull.
    window.addEventListener("touchmove", onMove, { passive: true });
    window.addEventListener("touchend", onEnd);
    window.addEventListener("touchcancel", onEnd);
    return () => {
      root.classList.remove("hs-pull-enabled");
      window.removeEventListener("touchstart", onStart);
      window.removeEventListener("touchmove", onMove);
      window.removeEventListener("touchend", onEnd);
      window.removeEventListener("touchcancel", onEnd);
    };
  }, []);

  if (state.phase === "idle") return null;
  return (
    <div
      className="hs-pull"
      role="status"
      data-phase={state.phase}
      style={{ transform: `translate(-50%, ${Math.round(state.distance)}px)` }}
    >
      {state.phase === "refreshing" ? <span className="hs-spinner" aria-hidden="true" /> : null}
      {pullText(state.phase)}
    </div>
  );
}

export default function ShellEffects({ intro, animateNavigation, pullToRefresh }: ShellEffectsProps) {
  return (
    <>
      {intro ? <Intro /> : null}
      {animateNavigation ? <NavigationAnimation /> : null}
      {pullToRefresh ? <PullToRefresh /> : null}
    </>
  );
}
