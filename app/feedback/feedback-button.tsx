import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { closeOnBackdropClick, useCloseOnNavigation } from "~/components/dismiss";
import { useHydrated } from "~/utils/use-hydrated";

const loadBody = () => import("./feedback-dialog-body");
const FeedbackDialogBody = lazy(loadBody);

// Placed by the dock it stands in (site.tsx, app.css .float-dock), which keeps room for it.
const floating = "btn btn-primary feedback-float shadow-lg";

/**
 * The floating Feedback button (spec §2, bottom-left). Without JavaScript it
 * is a link to /feedback that remembers the page; with JavaScript it opens a
 * dialog with the same form, sent to POST /api/feedback.
 */
export function FeedbackButton() {
  const location = useLocation();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const page = location.pathname + location.search;

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);
  // Escape closes a modal <dialog> and gives focus back by itself; a navigation and a click on the backdrop here.
  useCloseOnNavigation(() => dialog.current?.close());

  if (!hydrated) {
    return (
      <Link to={`/feedback?${new URLSearchParams({ page })}`} className={floating}>
        Feedback
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={floating} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Feedback
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (native); the click is on the backdrop */}
      <dialog
        ref={dialog}
        aria-labelledby="feedback-dialog-title"
        aria-label="Feedback"
        onClose={() => setOpen(false)}
        onClick={closeOnBackdropClick}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-line bg-surface p-card text-ink shadow-lg backdrop:bg-black/60"
      >
        {/* Mounted while open, so each opening starts from the idle form. */}
        {open ? (
          <Suspense fallback={<p role="status">Loading the feedback form…</p>}>
            <FeedbackDialogBody page={page} onClose={() => dialog.current?.close()} />
          </Suspense>
        ) : null}
      </dialog>
    </>
  );
}
