// Loaded on demand by ReadingSettingsButton: the quick settings in a popover (the browser's own,
// `popover="auto"`: Escape and a press outside close it; focus moves in when it opens and goes
// back to the button when it closes). The form posts to /settings/quick-settings, the same action
// as the page; the root loader then revalidates and <html> follows. Not Radix UI's popover: its
// positioning engine alone was most of this chunk (docs/decisions/052); it is placed by the
// site's one rule for what floats beside a control (app/components/place-floating.ts).
import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useCloseOnNavigation } from "~/components/dismiss";
import { placeBeside } from "~/components/place-floating";
import { PAGES_CSS_URL } from "~/styles/pages-css";
import { useTheme } from "~/theme/theme-toggle";
import { showToast } from "~/toasts/toast-store";
import { csrfToken } from "~/utils/api-client";
import { formKey, QuickSettingsFields } from "./controls";
import { usePreferences } from "./use-preferences";

/** Between the button and the popover. */
const GAP_PX = 6;

export default function QuickSettingsPopover({ label }: { label: string }) {
  const fetcher = useFetcher<{ ok?: boolean }>({ key: "quick-settings" });
  const prefs = usePreferences();
  const theme = useTheme();
  const saved = fetcher.state === "idle" && fetcher.data?.ok;
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const hide = () => {
    if (panel.current?.matches(":popover-open")) panel.current.hidePopover();
  };
  // A navigation to the next story closes it too.
  useCloseOnNavigation(hide);
  // The story page is cacheable and carries no token: the popover asks for one when it opens.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    csrfToken().then(setToken, () => setToken(null));
  }, []);

  useEffect(() => {
    if (!saved) return;
    showToast({ title: "Reading preferences saved", variant: "success" });
    // On a phone the panel covers the story: Apply closes it, so the reader sees what changed (focus
    // goes back to its button, as on Escape). Beside the story, on a wider screen, it stays open.
    const element = panel.current;
    if (window.matchMedia("(max-width: 767px)").matches && element?.matches(":popover-open")) element.hidePopover();
  }, [saved]);

  // Open as it arrives (the reader pressed the button that loaded it), and on each press after.
  // Placed beside its button from the button's start, focus on its first control; closed, focus
  // back on the button when it was inside (or lost with the button this replaced).
  useEffect(() => {
    const element = panel.current;
    const button = trigger.current;
    if (!element || !button) return;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") {
        placeBeside(button, element, { gap: GAP_PX, align: "start" });
        element.querySelector<HTMLElement>("input:not([type=hidden]), select, button, a[href]")?.focus();
      } else if (element.contains(document.activeElement) || document.activeElement === document.body) {
        button.focus();
      }
    };
    const onResize = () => {
      if (element.matches(":popover-open")) placeBeside(button, element, { gap: GAP_PX, align: "start" });
    };
    element.addEventListener("toggle", onToggle);
    window.addEventListener("resize", onResize);
    element.showPopover();
    return () => {
      element.removeEventListener("toggle", onToggle);
      window.removeEventListener("resize", onResize);
    };
  }, []);

  return (
    <>
      {/* Its controls' utilities live in pages.css (docs/decisions/022), linked when it opens. The same
          URL as the pages that link it: a side-effect CSS import here made the client build name a
          second copy after this chunk, and every page linking pages.css then failed to hydrate. */}
      <link rel="stylesheet" href={PAGES_CSS_URL} precedence="pages" />
      <button ref={trigger} type="button" popoverTarget={id} className="btn text-sm" aria-haspopup="dialog">
        {label}
      </button>
      <div
        ref={panel}
        id={id}
        popover="auto"
        role="dialog"
        aria-label="Quick reading settings"
        // At most the room on its side, scrolling inside: in the largest text on a 320x568 phone it
        // was 875 px tall, opened upwards with its first half above the screen's top.
        className="ui-type w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-line bg-surface p-4 text-left font-sans text-ink shadow-lg"
      >
        <fetcher.Form method="post" action="/settings/quick-settings" key={formKey(prefs, theme)} className="space-y-4">
          <input type="hidden" name="enhanced" value="1" />
          <input type="hidden" name="csrf" value={token ?? ""} />
          <QuickSettingsFields prefs={prefs} theme={theme} idPrefix="popover-" />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              name="intent"
              value="save"
              className="btn btn-primary"
              disabled={!token || fetcher.state !== "idle"}
            >
              Apply
            </button>
            <button type="button" popoverTarget={id} popoverTargetAction="hide" className="btn">
              Close
            </button>
          </div>
          <p className="text-sm">
            <Link to="/settings/accessibility">All reading preferences</Link>
          </p>
        </fetcher.Form>
      </div>
    </>
  );
}
