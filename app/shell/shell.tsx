import { type ComponentType, useEffect, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { browserConnection } from "~/utils/connection";
import { CELEBRATE_EVENT, celebrateLater } from "./celebrate";
import { afterLoadWhenIdle, inOwnTask } from "./idle";
import { motionConditions } from "./motion-conditions";
import type { ShellEffectsProps } from "./shell-effects";
import { motionAllowed, shouldPlayIntro, VISITED_KEY } from "./shell-rules";

/** The first visit of this browser session, decided once per document (StrictMode runs effects twice). */
let firstVisit: boolean | undefined;
function isFirstVisit(): boolean {
  if (firstVisit === undefined) {
    try {
      firstVisit = sessionStorage.getItem(VISITED_KEY) === null;
      sessionStorage.setItem(VISITED_KEY, "1");
    } catch {
      // Storage refused (a private mode, a policy): no way to tell, so no intro.
      firstVisit = false;
    }
  }
  return firstVisit;
}

/**
 * The JavaScript shell (docs/decisions/025): the LOADING splash with the
 * loading overlay and animation, the navigation animation and pull-to-refresh.
 * Nothing of it is in the first load: it renders nothing on the server and
 * fetches its chunk after hydration, and only when one of them can play.
 */
export function Shell() {
  const location = useLocation();
  const [effects, setEffects] = useState<{ Component: ComponentType<ShellEffectsProps>; props: ShellEffectsProps }>();

  // The story route's files ahead of a tap on a story's link, never with Save-Data (./story-prefetch):
  // the watcher comes when the browser is idle after the load event, and ends itself.
  // And the routes the page's forms post to, so that a press without a signal keeps the page
  // (~/offline/form-targets).
  useEffect(() => {
    if (!browserConnection()?.saveData)
      afterLoadWhenIdle(() => {
        void import("./story-prefetch").then((m) => m.watchStoryLinks());
        void import("~/offline/form-targets").then((m) => m.watchFormTargets());
      });
  }, []);

  // In a task of its own, not hydration's (./idle): the session's storage and the media queries.
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, from the page the visit starts on
  useEffect(() => {
    let live = true;
    let cancel = inOwnTask(() => {
      const conditions = motionConditions();
      const first = isFirstVisit();
      const props: ShellEffectsProps = {
        intro: shouldPlayIntro({ ...conditions, firstVisit: first, pathname: location.pathname }),
        animateNavigation: first && motionAllowed(conditions),
        pullToRefresh: navigator.maxTouchPoints > 0,
      };
      if (!props.intro && !props.animateNavigation && !props.pullToRefresh) return;
      const load = () =>
        import("./shell-effects").then((module) => {
          if (live) setEffects({ Component: module.default, props });
        });
      // The splash cannot wait for idle; everything else can.
      if (props.intro) void load();
      else cancel = afterLoadWhenIdle(load);
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);

  // A flash toast that celebrates (a story's approval) brings confetti.
  const toast = useRouteLoaderData<typeof rootLoader>("root")?.toast;
  useEffect(() => {
    if (toast?.celebrate) void celebrateLater();
  }, [toast]);
  // A reader's first finished story (app/library/story-text.tsx raises the event).
  useEffect(() => {
    const onCelebrate = () => void celebrateLater();
    window.addEventListener(CELEBRATE_EVENT, onCelebrate);
    return () => window.removeEventListener(CELEBRATE_EVENT, onCelebrate);
  }, []);

  if (!effects) return null;
  return <effects.Component {...effects.props} />;
}
