import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { ThemeChoice } from "~/theme/theme-toggle";
import { LINK_PREFETCH } from "~/utils/connection";
import { submitInPlace } from "~/utils/forms";
import { type ShellUser, SignOutForm } from "./account-menu";
import { useCloseOnNavigation } from "./dismiss";
import { ChevronIcon, CloseIcon } from "./icons";
import { isCurrent, type NavGroup, SIDEBAR_GROUPS } from "./navigation";
import { closesSheet } from "./swipe";
import { SIDEBAR_TOOLTIP_DELAY_MS, Tooltip } from "./tooltip";

export const SIDEBAR_ID = "site-sidebar";

/** Open on every page load: the main links, and the theme choice (so it stays open after its own POST). */
const OPEN_BY_DEFAULT = new Set<NavGroup["id"]>(["navigation", "reading"]);

/** A group is open on a page load when it is open by default or holds the current page. */
function openOnLoad(group: NavGroup, pathname: string): boolean {
  return OPEN_BY_DEFAULT.has(group.id) || group.items.some((i) => isCurrent(i.to, pathname, i.covers));
}

function closeSheet() {
  const sheet = document.getElementById(SIDEBAR_ID);
  if (sheet?.matches(":popover-open")) sheet.hidePopover();
}

/**
 * The open sheet is modal, as its backdrop shows: the page behind it takes no focus, so Tab stays
 * in the sheet, and Escape or its close button gives focus back to "Open menu" (which the browser
 * does for a popover only when focus is still inside it). Without JavaScript the sheet is a plain
 * popover.
 */
function useModalSheet() {
  useEffect(() => {
    const sheet = document.getElementById(SIDEBAR_ID);
    // Before the change: the page is inert before the sheet hides, so focus can go back to its opener.
    const onBeforeToggle = (event: Event) => {
      const open = (event as ToggleEvent).newState === "open";
      for (const behind of document.querySelectorAll<HTMLElement>(".skip-link, .content-column, .float-dock")) {
        behind.inert = open;
      }
      // Its opener is behind it now: focus goes to the sheet (not to its first link, which would
      // fetch that page's data ahead: the links prefetch on focus).
      if (open) requestAnimationFrame(() => sheet?.focus());
      // Tab past its last link leaves the page (to the browser's own controls): closing it then
      // gives focus back to the opener too.
      else if (!sheet?.contains(document.activeElement))
        document.querySelector<HTMLElement>(`header [popovertarget=${SIDEBAR_ID}]`)?.focus();
    };
    sheet?.addEventListener("beforetoggle", onBeforeToggle);
    return () => sheet?.removeEventListener("beforetoggle", onBeforeToggle);
  }, []);
}

function GroupLinks({ group, pathname, signedIn }: { group: NavGroup; pathname: string; signedIn: boolean }) {
  return (
    <ul className="space-y-0.5">
      {group.items
        .filter((item) => signedIn || !item.signedInOnly)
        .map((item) => {
          const current = isCurrent(item.to, pathname, item.covers);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                prefetch={LINK_PREFETCH}
                aria-current={current ? "page" : undefined}
                className={`block rounded px-3 py-2 no-underline hover:bg-bg ${current ? "font-semibold text-accent" : "text-ink"}`}
              >
                {item.label}
                {item.note ? <span className="ml-2 text-xs text-muted">({item.note})</span> : null}
              </Link>
            </li>
          );
        })}
    </ul>
  );
}

/**
 * The sidebar: below 768 px a slide-in sheet that is a native popover (opens
 * and closes without JavaScript), above it an in-flow column that collapses
 * through a form POST remembered in a cookie. Groups are <details>, so each
 * opens and closes on its own without JavaScript.
 */
export function Sidebar({ collapsed, user }: { collapsed: boolean; user: ShellUser | null }) {
  const isAdmin = user?.isAdmin ?? false;
  const location = useLocation();
  const fetcher = useFetcher({ key: "sidebar" });
  const pendingState = fetcher.formData?.get("state");
  const isCollapsed = pendingState ? pendingState === "collapsed" : collapsed;
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const groupElements = useRef(new Map<NavGroup["id"], HTMLDetailsElement>());

  // With JavaScript, navigating closes the mobile sheet, and the groups the
  // reader opened (spec §2: "navigating closes them"): each group is again as
  // a page load of the new page shows it, which is what happens without JavaScript.
  // Not on the first render: a sheet the reader opened before the app ran stays open.
  useCloseOnNavigation(() => {
    if (document.getElementById(SIDEBAR_ID)?.matches(":popover-open")) {
      closeSheet();
      // The closing sheet gave the focus back to "Open menu", whose tooltip then stood over the
      // new page's title: the new page takes it, as after a page load.
      document.getElementById("main-content")?.focus({ preventScroll: true });
    }
    for (const group of SIDEBAR_GROUPS) {
      const element = groupElements.current.get(group.id);
      if (element) element.open = openOnLoad(group, location.pathname);
    }
  });

  useModalSheet();

  const groups = SIDEBAR_GROUPS.filter((g) => !g.adminOnly || isAdmin).filter(
    (g) => g.items.length > 0 || g.id === "reading",
  );

  return (
    <aside
      id={SIDEBAR_ID}
      popover="auto"
      aria-label="Sidebar"
      tabIndex={-1}
      className="sidebar-sheet focus:outline-none"
      data-collapsed={isCollapsed ? "true" : "false"}
      onTouchStart={(event) => {
        // One finger only: a pinch is no swipe.
        const touch = event.touches.length === 1 ? event.touches[0] : undefined;
        touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
      }}
      onTouchCancel={() => {
        touchStart.current = null;
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const touch = event.changedTouches[0];
        touchStart.current = null;
        if (start && touch && closesSheet(touch.clientX - start.x, touch.clientY - start.y)) closeSheet();
      }}
    >
      <div className="flex items-center justify-between gap-2 border-b border-line p-2">
        <span className="sidebar-body px-2 font-serif text-lg font-semibold">Menu</span>
        <Tooltip label="Close menu" delay={SIDEBAR_TOOLTIP_DELAY_MS}>
          <button
            type="button"
            popoverTarget={SIDEBAR_ID}
            popoverTargetAction="hide"
            className="btn px-2 md:hidden"
            aria-label="Close menu"
          >
            <CloseIcon />
          </button>
        </Tooltip>
        <fetcher.Form
          method="post"
          action="/sidebar"
          className="hidden md:block"
          onSubmit={submitInPlace(fetcher, "/sidebar")}
        >
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <Tooltip label={isCollapsed ? "Expand sidebar" : "Collapse sidebar"} delay={SIDEBAR_TOOLTIP_DELAY_MS}>
            <button
              type="submit"
              name="state"
              value={isCollapsed ? "expanded" : "collapsed"}
              className="btn px-2"
              aria-label={isCollapsed ? "Expand sidebar" : "Collapse sidebar"}
              aria-expanded={!isCollapsed}
              aria-controls="sidebar-body"
            >
              <ChevronIcon className={isCollapsed ? "rotate-180" : undefined} />
            </button>
          </Tooltip>
        </fetcher.Form>
      </div>
      <nav id="sidebar-body" aria-label="Sidebar navigation" className="sidebar-body space-y-2 p-2">
        {groups.map((group) => (
          <details
            key={group.id}
            ref={(element) => {
              if (element) groupElements.current.set(group.id, element);
              else groupElements.current.delete(group.id);
            }}
            open={openOnLoad(group, location.pathname)}
            className="group"
          >
            <summary className="cursor-pointer rounded px-3 py-2 text-sm font-semibold uppercase tracking-wide text-muted">
              {group.label}
            </summary>
            <div className="mt-1">
              {group.items.length > 0 ? (
                <GroupLinks group={group} pathname={location.pathname} signedIn={user !== null} />
              ) : null}
              {group.id === "reading" ? (
                <div className="px-3 py-2">
                  <ThemeChoice />
                </div>
              ) : null}
            </div>
          </details>
        ))}
        <div className="flex flex-col gap-2 border-t border-line px-1 pt-3">
          {user ? (
            <SignOutForm />
          ) : (
            <Link to="/auth" className="btn justify-center">
              Sign In
            </Link>
          )}
          <Link to="/report-bug" className="btn justify-center">
            Report Bug
          </Link>
        </div>
      </nav>
    </aside>
  );
}
