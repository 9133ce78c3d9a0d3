// The header's notification bell (spec §2 Header, Notification centre). Without
// JavaScript it is a link to /notifications with the unread badge rendered on
// the server (signed-in readers only: anonymous pages are publicly cached, so
// their header is the same for everyone). With JavaScript it opens the panel,
// a modal dialog (Escape closes it, focus returns to the bell), and runs the
// new-story poll (spec §7), the browser side of the ignored-notification rule
// for anonymous readers, and the merge of browser notifications after sign-in.
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { closeOnBackdropClick, useCloseOnNavigation } from "~/components/dismiss";
import { BellIcon, CloseIcon } from "~/components/icons";
import { inOwnTask } from "~/shell/idle";
import { showToast } from "~/toasts/toast-store";
import { apiRequest, sendJson } from "~/utils/api-client";
import { useHydrated } from "~/utils/use-hydrated";
import {
  addBrowserNotification,
  checkedBrowserState,
  clearAllBrowser,
  clearBrowserNotifications,
  markAllBrowserRead,
  markBrowserRead,
  openBrowserPanel,
  readBrowserState,
  readLastStory,
  runIgnoredRule,
  serverBrowserState,
  subscribeBrowserState,
  writeLastStory,
} from "./browser-store";
import { ClearAllConfirm, CursedOverlay, NotificationItems } from "./notification-ui";
import {
  type AppNotification,
  applyFilter,
  badgeLabel,
  bellLabel,
  countsOf,
  FILTER_LABELS,
  FILTERS,
  MERGE_LIMIT,
  NOTIFICATIONS,
  type NotificationCounts,
  type NotificationFilter,
  newStoryNotification,
  safeNotificationLink,
} from "./notifications";

export type BellProps = { signedIn: boolean; unread: number; wantsNewStories: boolean };

/** How often the browser checks the ignored-notification rule for anonymous readers. */
const RULE_TICK_MS = 5_000;

function Badge({ unread }: { unread: number }) {
  const label = badgeLabel(unread);
  if (!label) return null;
  return (
    // In px, as the bell it stands on: in rem it grew with the reader's text size and hid the bell
    // (the count is in the link's name too).
    <span
      aria-hidden="true"
      className="absolute -top-[4px] -right-[4px] min-w-[20px] rounded-full bg-accent px-[4px] text-center text-[12px] font-bold leading-[20px] text-accent-ink forced-colors:border"
    >
      {label}
    </span>
  );
}

export function NotificationBell(props: BellProps) {
  const hydrated = useHydrated();
  const browser = useSyncExternalStore(subscribeBrowserState, readBrowserState, serverBrowserState);
  const unread = props.signedIn ? props.unread : hydrated ? countsOf(browser.items).unread : 0;
  useNewStoryPoll(props);
  useBrowserRules(props.signedIn);
  useMergeAfterSignIn(props.signedIn);
  if (!hydrated) {
    return (
      <Link to="/notifications" className="btn icon-btn relative" aria-label={bellLabel(unread)}>
        <BellIcon />
        <Badge unread={unread} />
      </Link>
    );
  }
  return <NotificationPanel {...props} unread={unread} browserItems={browser.items} />;
}

type ApiList = { notifications: AppNotification[]; counts: NotificationCounts };

function NotificationPanel({ signedIn, unread, browserItems }: BellProps & { browserItems: AppNotification[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState<NotificationFilter>("all");
  const [server, setServer] = useState<ApiList | null>(null);
  const [cursed, setCursed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  const items = signedIn ? (server?.notifications ?? []) : browserItems;
  const counts = signedIn ? (server?.counts ?? { all: 0, unread: 0, read: 0 }) : countsOf(browserItems);

  const load = useCallback(async () => {
    const list = await apiRequest<ApiList>("/api/notifications?filter=all").catch(() => null);
    if (list) {
      setServer(list);
      setError(null);
    } else setError("Your notifications could not be loaded. Try again in a moment.");
  }, []);

  async function show() {
    dialog.current?.showModal();
    setOpen(true);
    setFilter("all");
    if (signedIn) {
      const opened = await sendJson<{ cursed: boolean }>("POST", "/api/notifications/opened");
      setCursed(opened.ok && opened.data.cursed);
      await load();
      revalidator.revalidate();
    } else {
      setCursed(await openBrowserPanel());
    }
  }

  // The glitch overlay plays for 2 s (spec §4, §9).
  useEffect(() => {
    if (!cursed) return;
    const timer = setTimeout(() => setCursed(false), NOTIFICATIONS.overlayMs);
    return () => clearTimeout(timer);
  }, [cursed]);

  function close() {
    dialog.current?.close();
  }
  // "Mark all read" and "Clear all" are offered only while there is something to do: the one that
  // went with what it did leaves focus in the open panel (on its "Clear all", else its close button).
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const panel = dialog.current;
    if (!panel?.open || panel.contains(document.activeElement)) return;
    (panel.querySelector<HTMLElement>("summary") ?? closeButton.current)?.focus();
  });
  // A navigation (the browser's Back, a link in the panel) closes it: it never stays over the next page.
  useCloseOnNavigation(close);

  async function act(kind: "read-all" | "clear") {
    if (signedIn) {
      const result =
        kind === "clear"
          ? await sendJson("DELETE", "/api/notifications")
          : await sendJson("POST", "/api/notifications/read-all");
      if (!result.ok) {
        setError(result.message);
        return;
      }
      await load();
      revalidator.revalidate();
    } else if (kind === "clear") clearAllBrowser();
    else markAllBrowserRead();
    showToast({
      title: kind === "clear" ? "Notifications cleared" : "All notifications read",
      variant: "success",
    });
  }

  async function openItem(item: AppNotification) {
    if (signedIn) await sendJson("POST", `/api/notifications/${encodeURIComponent(item.id)}/read`);
    else markBrowserRead(item.id);
    close();
    const link = safeNotificationLink(item.link);
    if (link) navigate(link);
    else if (signedIn) revalidator.revalidate();
  }

  return (
    <>
      <button
        ref={bell}
        type="button"
        className="btn icon-btn relative"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
      >
        <BellIcon />
        <Badge unread={unread} />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (native); the click is on the backdrop */}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClick={closeOnBackdropClick}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50 md:mt-16 md:mr-4"
        onClose={() => {
          setOpen(false);
          setCursed(false);
          bell.current?.focus();
        }}
      >
        <div className="flex items-center justify-between border-b border-line p-3">
          <h2 id={titleId} className="font-serif text-xl font-bold">
            Notifications
          </h2>
          <button ref={closeButton} type="button" className="btn px-2" aria-label="Close notifications" onClick={close}>
            <CloseIcon />
          </button>
        </div>
        {cursed ? <CursedOverlay /> : null}
        <div className="flex flex-wrap items-center gap-2 p-3">
          <fieldset className="flex gap-1">
            <legend className="sr-only">Filter notifications</legend>
            {FILTERS.map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={filter === name}
                className={`btn px-2 text-sm ${filter === name ? "btn-primary" : ""}`}
                onClick={() => setFilter(name)}
              >
                {FILTER_LABELS[name]} ({counts[name]})
              </button>
            ))}
          </fieldset>
          {counts.unread ? (
            <button type="button" className="btn px-2 text-sm" onClick={() => act("read-all")}>
              Mark all read
            </button>
          ) : null}
          {counts.all ? (
            <ClearAllConfirm compact>
              <button
                type="button"
                className="btn px-2 text-sm"
                onClick={(event) => {
                  // The question closes and focus goes back to its "Clear all", not to a hidden button.
                  const details = event.currentTarget.closest("details");
                  details?.removeAttribute("open");
                  details?.querySelector("summary")?.focus();
                  act("clear");
                }}
              >
                Yes, clear all
              </button>
            </ClearAllConfirm>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="px-3 pb-2 text-sm">
            {error}
          </p>
        ) : null}
        <section
          aria-label={`${FILTER_LABELS[filter]} notifications`}
          className="notification-scroll border-t border-line"
        >
          <NotificationItems
            items={applyFilter(items, filter)}
            filter={filter}
            open={(item, content) => (
              <button type="button" className="w-full cursor-pointer text-left" onClick={() => openItem(item)}>
                {content}
              </button>
            )}
          />
        </section>
        <p className="border-t border-line p-3 text-sm">
          <Link to="/notifications" onClick={close}>
            See all notifications
          </Link>
        </p>
      </dialog>
    </>
  );
}

/** Decodes the HTML of title.rendered into text. */
function htmlText(html: string): string {
  return new DOMParser().parseFromString(html, "text/html").documentElement.textContent ?? "";
}

type PolledPost = { id: number; slug: string; date: string; title: { rendered: string } };

/**
 * The new-story poll (spec §7): GET /api/posts?limit=1 on start and every 300 s.
 * A story newer than the last one seen adds a notification (anonymous readers:
 * in the browser; signed-in readers already have it from the server) and shows
 * the "New Story Published" toast (spec §8). Errors are silent.
 */
function useNewStoryPoll({ signedIn, wantsNewStories }: BellProps) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    let stopped = false;
    async function poll() {
      try {
        const answer = await apiRequest<{ posts?: PolledPost[] } | null>("/api/posts?limit=1");
        if (stopped) return;
        const post = answer?.posts?.[0];
        if (!post || typeof post.id !== "number" || typeof post.slug !== "string") return;
        const last = readLastStory();
        writeLastStory({ id: post.id, date: post.date });
        // The first poll of a browser only learns where things stand.
        if (!last || last.id === post.id || Date.parse(post.date) <= Date.parse(last.date)) return;
        const title = htmlText(post.title?.rendered ?? post.slug);
        const notification = newStoryNotification({ id: post.id, slug: post.slug, title });
        if (signedIn) {
          if (!wantsNewStories) return;
          revalidate.current();
          // The server decided whom to tell (never the story's own writer, issue 40): the toast
          // follows its notification, so a writer is not told "New Story Published" of their story.
          const unread = await apiRequest<ApiList>("/api/notifications?filter=unread");
          if (stopped || !unread.notifications.some((n) => n.type === "new-story" && n.link === notification.link))
            return;
        } else addBrowserNotification(notification);
        showToast({ title: notification.title, description: notification.message });
      } catch {
        // Spec §7: poll errors are ignored.
      }
    }
    // The first poll in a task of its own, not hydration's (~/shell/idle).
    const first = inOwnTask(() => void poll());
    const timer = setInterval(() => {
      poll();
      // Signed-in readers' badge and ignored-notification rule come from the server: refresh them too.
      if (signedIn) revalidate.current();
    }, NOTIFICATIONS.pollIntervalMs);
    return () => {
      stopped = true;
      first();
      clearInterval(timer);
    };
  }, [signedIn, wantsNewStories]);
}

/** Anonymous readers: the ignored-notification rule runs in the browser (signed-in readers: on the server). */
function useBrowserRules(signedIn: boolean) {
  useEffect(() => {
    if (signedIn) return;
    runIgnoredRule();
    const timer = setInterval(() => runIgnoredRule(), RULE_TICK_MS);
    return () => clearInterval(timer);
  }, [signedIn]);
}

let merging = false;

/** After sign-in, the notifications kept in this browser join the account once, and the key is cleared. */
function useMergeAfterSignIn(signedIn: boolean) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!signedIn || merging) return;
    merging = true;
    checkedBrowserState()
      .then(async ({ items }) => {
        if (items.length === 0) return;
        const result = await sendJson("POST", "/api/notifications", { notifications: items.slice(0, MERGE_LIMIT) });
        // A refused batch (it cannot change on a retry) is dropped too; a network error keeps it for next time.
        if (result.ok || (result.status >= 400 && result.status < 500 && result.status !== 401)) {
          clearBrowserNotifications();
          if (result.ok) revalidate.current();
        }
      })
      // The check could not load (offline): the items stay for the next page.
      .catch(() => {})
      .finally(() => {
        merging = false;
      });
  }, [signedIn]);
}
