// "A page view is reported on each navigation" (spec §2), and the web vitals
// and performance report of each page load (§3): only with the reader's
// consent, never with Do Not Track or Global Privacy Control
// (docs/decisions/023). This component is in every page's bundle, so it only
// decides; the reports themselves are a lazy chunk loaded after hydration.
// Without JavaScript the server counts the page it served (record.server.ts).
import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { type CookiePreferences, latestChoice } from "~/consent/consent";
import { mayReport, privacySignals } from "./gate";

/**
 * The reports' chunk, asked for once. The reports of two pages seen one after the other (the page
 * open when the reader accepted, then a link followed at once) each wait for the chunk; on one
 * promise they go on in the order they asked. Chromium answers separate `import()` calls of one
 * module in no set order, and the later page was counted first. A failed load is asked for again.
 */
let beaconsChunk: Promise<typeof import("./beacons.client")> | undefined;
function loadBeacons() {
  beaconsChunk ??= import("./beacons.client").catch((error: unknown) => {
    beaconsChunk = undefined;
    throw error;
  });
  return beaconsChunk;
}

export function AnalyticsReporter({
  consent,
  serverViewId,
}: {
  consent: Pick<CookiePreferences, "analytics" | "performance" | "lastUpdated"> | null | undefined;
  /** The server's count of the page this document was (the first report completes it instead of counting again). */
  serverViewId: string | null | undefined;
}) {
  const location = useLocation();
  const reported = useRef<string | null>(null);
  const first = useRef(true);
  const firstView = useRef(serverViewId);
  // The banner's choice counts from the server's answer (its cookie is set then, and the server
  // refuses a report without it), not from when the page's data has been read again: a link
  // followed at once takes the revalidation's place, and the page's data can stay older than the
  // answer until a later load. The later of the two (by lastUpdated) is the reader's choice.
  const choice = useFetcher<{ preferences?: CookiePreferences }>({ key: "consent" });
  const current = latestChoice(consent, choice.data?.preferences);
  const analytics = current?.analytics === true;
  const performance = current?.performance === true;

  useEffect(() => {
    const signals = privacySignals();
    const views = mayReport("pageview", { analytics, performance }, signals);
    const timings = mayReport("vitals", { analytics, performance }, signals);
    if (!views && !timings) return;
    const isNew = views && reported.current !== location.key;
    if (isNew) reported.current = location.key;
    const initial = first.current;
    const viewId = initial ? firstView.current : null;
    first.current = false;
    void loadBeacons().then((beacons) => {
      if (isNew)
        void beacons.sendPageView(location.pathname, {
          viewId,
          referrer: initial ? document.referrer : "",
        });
      if (timings) {
        void beacons.startVitals();
        beacons.schedulePerformanceReport();
      }
    });
  }, [location.key, location.pathname, analytics, performance]);

  return null;
}
