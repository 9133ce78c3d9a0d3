// The story page's way to the quick settings. Without JavaScript (and before
// hydration) a link to /settings/quick-settings; with it a button that loads
// the popover only when the reader asks for it, so the story
// page's first load carries no popover code.
import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/utils/use-hydrated";

const loadPopover = () => import("./quick-settings-popover");
const QuickSettingsPopover = lazy(loadPopover);

const LABEL = "Reading settings";

export function ReadingSettingsButton() {
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(false);
  const { pathname } = useLocation();
  if (!hydrated) {
    // The settings page leads back to this story, and a saved change returns here.
    return (
      <a href={`/settings/quick-settings?from=${encodeURIComponent(pathname)}`} className="btn text-sm">
        {LABEL}
      </a>
    );
  }
  const placeholder = (busy: boolean) => (
    <button
      type="button"
      className="btn text-sm"
      aria-haspopup="dialog"
      aria-busy={busy || undefined}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => setWanted(true)}
    >
      {LABEL}
    </button>
  );
  if (!wanted) return placeholder(false);
  return (
    <Suspense fallback={placeholder(true)}>
      <QuickSettingsPopover label={LABEL} />
    </Suspense>
  );
}
