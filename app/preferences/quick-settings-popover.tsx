// Loaded on demand by ReadingSettingsButton: the quick settings in a Radix UI
// popover (focus moves in, Escape and the close button close it, focus goes
// back to the button). The form posts to /settings/quick-settings, the same
// action as the page; the root loader then revalidates and <html> follows.
import * as Popover from "@radix-ui/react-popover";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useCloseOnNavigation } from "~/components/dismiss";
import { PAGES_CSS_URL } from "~/styles/pages-css";
import { useTheme } from "~/theme/theme-toggle";
import { showToast } from "~/toasts/toast-store";
import { csrfToken } from "~/utils/api-client";
import { formKey, QuickSettingsFields } from "./controls";
import { usePreferences } from "./use-preferences";

export default function QuickSettingsPopover({ label }: { label: string }) {
  const fetcher = useFetcher<{ ok?: boolean }>({ key: "quick-settings" });
  const prefs = usePreferences();
  const theme = useTheme();
  const saved = fetcher.state === "idle" && fetcher.data?.ok;
  // Radix closes it on Escape and on a press outside; a navigation to the next story closes it too.
  const [open, setOpen] = useState(true);
  useCloseOnNavigation(() => setOpen(false));
  // The story page is cacheable and carries no token: the popover asks for one when it opens.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    csrfToken().then(setToken, () => setToken(null));
  }, []);

  useEffect(() => {
    if (saved) showToast({ title: "Reading preferences saved", variant: "success" });
  }, [saved]);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {/* Its controls' utilities live in pages.css (docs/decisions/022), linked when it opens. The same
          URL as the pages that link it: a side-effect CSS import here made the client build name a
          second copy after this chunk, and every page linking pages.css then failed to hydrate. */}
      <link rel="stylesheet" href={PAGES_CSS_URL} precedence="pages" />
      <Popover.Trigger className="btn text-sm">{label}</Popover.Trigger>
      <Popover.Content
        align="start"
        sideOffset={6}
        collisionPadding={8}
        aria-label="Quick reading settings"
        // At most the room Radix finds on its side, scrolling inside: in the largest text on a 320x568
        // phone it was 875 px tall, opened upwards with its first half above the screen's top.
        className="z-50 max-h-(--radix-popover-content-available-height) w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-line bg-surface p-4 text-ink shadow-lg"
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
            <Popover.Close className="btn">Close</Popover.Close>
          </div>
          <p className="text-sm">
            <Link to="/settings/accessibility">All reading preferences</Link>
          </p>
        </fetcher.Form>
      </Popover.Content>
    </Popover.Root>
  );
}
