import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** localStorage key another tab watches (storage event) to re-sync its banner. */
export const CONSENT_SYNC_KEY = "hs_consent_sync";

/**
 * With JavaScript, a consent change in one tab re-syncs the others (spec §4):
 * when this tab's consent changes (the server has stored it), it says so in
 * localStorage; the other tabs hear the storage event and reload their data.
 */
export function useConsentSync(lastUpdated: string | null) {
  const revalidator = useRevalidator();
  const previous = useRef(lastUpdated);

  useEffect(() => {
    if (previous.current === lastUpdated) return;
    previous.current = lastUpdated;
    try {
      localStorage.setItem(CONSENT_SYNC_KEY, `${lastUpdated ?? "none"}|${Date.now()}`);
    } catch {
      // Other tabs re-sync on their next navigation instead.
    }
  }, [lastUpdated]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CONSENT_SYNC_KEY) void revalidator.revalidate();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [revalidator]);
}
