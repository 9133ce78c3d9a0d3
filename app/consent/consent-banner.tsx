import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { inOwnTask } from "~/shell/idle";
import { submitInPlace } from "~/utils/forms";

/**
 * "We use cookies": in the first HTML whenever no valid consent exists. It is
 * an open <dialog> with a form that POSTs the choice, so it works without
 * JavaScript; with JavaScript it becomes a modal dialog (the browser traps
 * focus and Escape closes it for this page) and the choice applies without a
 * reload.
 */
export function ConsentBanner({ redirectTo }: { redirectTo?: string }) {
  const fetcher = useFetcher({ key: "consent" });
  const location = useLocation();
  const ref = useRef<HTMLDialogElement>(null);
  const focusedBefore = useRef<HTMLElement | null>(null);

  // In a task of its own (~/shell/idle): a modal makes the rest of the page inert, which restyles
  // the whole document, and in hydration's task that made it one of the page's longest
  // (Lighthouse's total blocking time).
  useEffect(
    () =>
      inOwnTask(() => {
        const dialog = ref.current;
        if (!dialog || dialog.matches(":modal") || typeof dialog.showModal !== "function") return;
        focusedBefore.current = document.activeElement as HTMLElement | null;
        dialog.close();
        dialog.showModal();
      }),
    [],
  );

  // The choice is made: gone at once, whatever the server still has to say.
  const chosen = fetcher.state !== "idle" || Boolean(fetcher.data);
  // The focus it held goes back where it was, or else to the page (WAI-ARIA APG, dialog pattern):
  // removed, the dialog left it on <body>, where the next Tab starts over at the skip link.
  useEffect(() => {
    const back = focusedBefore.current;
    if (chosen && document.activeElement === document.body)
      ((back !== document.body && back?.isConnected && back) || document.getElementById("main-content"))?.focus({
        preventScroll: true,
      });
  }, [chosen]);
  if (chosen) return null;

  // id: not shown until its last button is parsed (app.css): it grows upwards from the foot of the
  // screen, so a banner painted in part on a slow link moved every line as the rest arrived.
  // top-auto: as a modal the browser pins a dialog with top: 0, and Tailwind's reset took the margin
  // that would have kept it down; the banner stays where the reader saw it (no layout shift).
  // max-h and overflow: without JavaScript it is not modal, and so not held to the screen by the
  // browser; in the largest text on a 320x568 phone it was 1,014 px tall, its first half above the top.
  return (
    <dialog
      ref={ref}
      id="consent-banner"
      open
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
      className="fixed inset-x-0 top-auto bottom-0 z-40 mx-auto mb-4 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl overflow-y-auto rounded-lg border border-line bg-surface p-5 text-ink shadow-lg backdrop:bg-black/50"
    >
      <h2 id="consent-title" className="font-serif text-xl font-bold">
        We use cookies
      </h2>
      <p id="consent-text" className="mt-2">
        A few cookies keep the site working and remember your choices. Read more in our{" "}
        <Link to="/privacy">privacy policy</Link>.
      </p>
      <p className="mt-2 text-sm text-muted">Accept: won't show for 3 months • Decline: won't show for 1 week</p>
      <fetcher.Form
        method="post"
        action="/cookie-consent"
        className="sticky -bottom-5 -mb-5 mt-1 flex flex-wrap gap-3 bg-surface pt-3 pb-5"
        onSubmit={submitInPlace(fetcher, "/cookie-consent")}
      >
        <input type="hidden" name="redirectTo" value={redirectTo ?? location.pathname + location.search} />
        <button type="submit" name="choice" value="accept" className="btn btn-primary">
          Accept
        </button>
        <button type="submit" name="choice" value="decline" className="btn">
          Decline
        </button>
      </fetcher.Form>
    </dialog>
  );
}
