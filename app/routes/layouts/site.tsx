import { useState } from "react";
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { errorMeta, GeneralErrorBoundary, PageErrorBoundary } from "~/components/error-boundary";
import { ScrollToTop } from "~/components/scroll-to-top";
import { Sidebar } from "~/components/sidebar";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ConsentBanner } from "~/consent/consent-banner";
import { useConsentSync } from "~/consent/use-consent-sync";
import { FeedbackButton } from "~/feedback/feedback-button";
import type { loader as rootLoader } from "~/root";
import { Shell } from "~/shell/shell";
import { isWidgetHidden } from "~/shell/shell-rules";
import { SITE_CSS_AFTER_MAIN } from "~/styles/site-stylesheet";
import { Toaster } from "~/toasts/toaster";
import { useRememberLocation } from "~/utils/current-location";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/site";

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => (args.error ? errorMeta(args.error) : routeMeta(args));

/** The site shell: skip link, the page, header, footer, sidebar (placed by CSS). */
export default function SiteLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  useConsentSync(root?.consent?.lastUpdated ?? null);
  // The current location in session storage (issue 16; error pages never get here).
  useRememberLocation();
  // Decided once per document: the server's and the hydrating render agree, and no client render moves the chrome.
  const [chromeFirst] = useState(() => Boolean(root?.toast));
  const header = <SiteHeader user={root?.user ?? null} notifications={root?.notifications ?? null} />;
  // With the sidebar collapsed to 3rem on a desktop its column has no room for a toast: the toasts
  // stand in the page's flow under the header there, as on a phone (components.css).
  const toastsInColumn = root?.sidebar === "collapsed";
  const toaster = <Toaster toast={root?.toast ?? null} />;
  // The floating widgets (the toasts, Feedback, scroll to top) stand in a dock that has room of its
  // own, so they cover nothing at any scroll position (issue 40): from 768 px at the foot of the
  // sidebar's column; below it the toasts come under the header and the buttons at the end of the
  // page, in the page's own flow (components.css). The sidebar's state comes from the root's
  // loader, which a change of it revalidates: the toasts move once, with no toast of the past.
  const sideColumn = (
    <div className="side-column">
      <Sidebar collapsed={root?.sidebar === "collapsed"} user={root?.user ?? null} />
      <div className="float-dock">
        {toastsInColumn ? null : toaster}
        <div className="float-dock-buttons">
          {/* Hidden on the reading pages (spec §2), and on /feedback, which is the form itself. */}
          {isWidgetHidden(location.pathname) ? null : <FeedbackButton />}
          <ScrollToTop />
        </div>
      </div>
    </div>
  );
  return (
    <>
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      {/* The page comes first in the source, the header after it (docs/decisions/043): a keyboard
          reader who wants the search, the menu or Sign In gets there in one step, not after every
          link of the page. */}
      <a href="#site-header" className="skip-link">
        Skip to navigation
      </a>
      {/* The story before the chrome (docs/decisions/043): <main> comes first in the source, then
          the rest of the site's stylesheet, the header and footer, then the sidebar's column; CSS
          shows them above and beside the story (components.css), in room it keeps for them. A page
          that opens with a flash toast keeps the chrome first: the toast stands above the story on
          a phone, and arriving after it would push it down. */}
      {/* The sidebar's state, for the width its column keeps before it arrives (components.css). */}
      <div className="site-layout" data-sidebar={root?.sidebar === "collapsed" ? "collapsed" : undefined}>
        {chromeFirst ? sideColumn : null}
        <div className="content-column">
          {chromeFirst ? header : null}
          {chromeFirst && toastsInColumn ? toaster : null}
          <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none">
            <PageErrorBoundary resetKey={location.key}>
              <Outlet />
            </PageErrorBoundary>
          </main>
          <link rel="stylesheet" href={SITE_CSS_AFTER_MAIN} data-site-css="" />
          {chromeFirst ? null : header}
          {!chromeFirst && toastsInColumn ? toaster : null}
          <SiteFooter year={root?.year ?? new Date().getFullYear()} />
        </div>
        {chromeFirst ? null : sideColumn}
      </div>
      {root && !root.consent && !root.offlineCopy && location.pathname !== "/cookie-test" ? <ConsentBanner /> : null}
      <Shell />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
