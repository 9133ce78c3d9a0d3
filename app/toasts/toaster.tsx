import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Form, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "~/utils/use-hydrated";
import { queueToast, type Toast, type ToastAction } from "./toast";
import { subscribeToasts } from "./toast-store";

/**
 * The toast region. Without JavaScript a flash toast stays on the page it
 * arrived with; with JavaScript it disappears after its duration or when
 * closed, and toasts raised in the browser (showToast) join the same queue.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [toasts, setToasts] = useState<Toast[]>(toast ? [toast] : []);
  const hydrated = useHydrated();

  useEffect(() => {
    if (toast) setToasts((current) => queueToast(current, toast));
  }, [toast]);

  useEffect(() => subscribeToasts((t) => setToasts((current) => queueToast(current, t))), []);

  // A toast that answers the reader's press, out of sight (on a phone the toasts stand in the page's
  // flow under the header, and the reader may be far below): the page scrolls to it, as little as
  // it can. Other toasts (an error in the background) never move the page.
  const regionRef = useRef<HTMLElement>(null);
  const revealed = useRef(new Set<string>());
  useEffect(() => {
    const region = regionRef.current;
    const toReveal = toasts.find((t) => t.reveal && !revealed.current.has(t.id));
    if (!toReveal || !region) return;
    revealed.current.add(toReveal.id);
    const { top, bottom } = region.getBoundingClientRect();
    if (bottom > 0 && top < window.innerHeight) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    region.scrollIntoView({ block: "nearest", behavior: reduce ? "auto" : "smooth" });
  }, [toasts]);

  // Each toast goes its duration after it appeared, whatever comes or goes meanwhile: one timer
  // per toast, set when it first shows. (Timers set again at every change of the list restarted
  // every toast's time whenever another one came or went, so a few in a row stayed for a multiple
  // of the 5000 ms.) The time stands still while the pointer is over the toasts or focus is in
  // them (WCAG 2.2.1): a reader who reaches for Undo, or tabs to it, is not raced by the clock.
  const [clock] = useState(() => new ToastClock());
  useEffect(() => {
    // A pressed × leaves with its toast, and a browser may say neither blur nor pointerleave then.
    // (Only ever let go here: a phone keeps :hover where it was tapped.)
    const region = regionRef.current;
    if (!region?.contains(document.activeElement)) clock.hold("focus", false);
    if (!region?.matches(":hover")) clock.hold("pointer", false);
    for (const t of toasts) {
      clock.start(t.id, t.duration, () => setToasts((current) => queueToast(current, t.id)));
    }
    clock.keepOnly(toasts.map((t) => t.id));
  }, [toasts, clock]);
  useEffect(() => () => clock.keepOnly([]), [clock]);

  // While a modal dialog is open (the feedback form) everything outside it is
  // inert, so the toasts are shown inside it until it closes.
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  useLayoutEffect(() => {
    if (toasts.length > 0) setHost(document.querySelector<HTMLDialogElement>("dialog:modal"));
  }, [toasts]);
  useEffect(() => {
    if (!host) return;
    const moveBack = () => setHost(null);
    host.addEventListener("close", moveBack);
    return () => host.removeEventListener("close", moveBack);
  }, [host]);

  const region = (
    <section
      ref={regionRef}
      aria-label="Notifications"
      aria-live="polite"
      className="toast-region flex flex-col gap-2"
      onPointerEnter={() => clock.hold("pointer", true)}
      onPointerLeave={() => clock.hold("pointer", false)}
      onFocus={() => clock.hold("focus", true)}
      onBlur={(event) => clock.hold("focus", event.currentTarget.contains(event.relatedTarget))}
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role="status"
          data-severity={t.severity}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${t.variant === "destructive" ? "border-accent bg-accent text-accent-ink" : "border-line bg-surface text-ink"}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{t.title}</p>
            {t.description ? <p className="mt-1 text-sm">{t.description}</p> : null}
            {t.action ? <ToastActionForm action={t.action} /> : null}
          </div>
          {hydrated ? (
            <button
              type="button"
              aria-label={`Close notification: ${t.title}`}
              className="-m-1 rounded px-2 leading-none"
              onClick={() => setToasts((current) => queueToast(current, t.id))}
            >
              ×
            </button>
          ) : (
            // Without JavaScript a toast stays with its page: a box to tick hides it (CSS,
            // components.css), so one at the sidebar's foot gives the sidebar its room back.
            <label className="toast-hide -m-1 rounded px-2 leading-none">
              <input type="checkbox" className="sr-only" aria-label={`Close notification: ${t.title}`} />×
            </label>
          )}
        </div>
      ))}
    </section>
  );
  return host?.isConnected && host.open ? createPortal(region, host) : region;
}

/** A toast's action (Undo): a real form that comes back to this page, so it works without JavaScript. */
function ToastActionForm({ action }: { action: ToastAction }) {
  const location = useLocation();
  return (
    <Form method="post" action={action.action} className="mt-2">
      <AuthenticityTokenInput name="csrf" />
      {Object.entries(action.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="btn py-1 text-sm">
        {action.label}
      </button>
    </Form>
  );
}

/**
 * The toasts' times: each runs from when it first shows (`start`, once per toast), and all stand
 * still while the pointer or focus holds them.
 */
class ToastClock {
  private readonly left = new Map<string, { ms: number; since: number; done: () => void; timer?: number }>();
  private readonly held = { pointer: false, focus: false };

  start(id: string, ms: number, done: () => void) {
    if (this.left.has(id)) return;
    this.left.set(id, { ms, since: 0, done });
    this.run(id);
  }

  /** Forgets every toast but these (one closed, or the region gone). */
  keepOnly(ids: string[]) {
    for (const [id, countdown] of this.left) {
      if (ids.includes(id)) continue;
      clearTimeout(countdown.timer);
      this.left.delete(id);
    }
  }

  hold(what: "pointer" | "focus", on: boolean) {
    this.held[what] = on;
    for (const id of this.left.keys()) this.run(id);
  }

  /** Runs a toast's time, or stops it with what is left of it, as the holds say. */
  private run(id: string) {
    const countdown = this.left.get(id);
    if (!countdown) return;
    const held = this.held.pointer || this.held.focus;
    if (held && countdown.timer !== undefined) {
      clearTimeout(countdown.timer);
      countdown.timer = undefined;
      countdown.ms -= Date.now() - countdown.since;
    } else if (!held && countdown.timer === undefined) {
      countdown.since = Date.now();
      countdown.timer = window.setTimeout(() => {
        this.left.delete(id);
        countdown.done();
      }, countdown.ms);
    }
  }
}
