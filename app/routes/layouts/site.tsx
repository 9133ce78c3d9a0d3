import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { errorMeta, GeneralErrorBoundary, PageErrorBoundary } from "~/components/error-boundary";
import { ScrollToTop } from "~/components/scroll-to-top";
import { Sidebar } from "~/components/sidebar";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { TooltipProvider } from "~/components/tooltip";
import { ConsentBanner } from "~/consent/consent-banner";
import { useConsentSync } from "~/consent/use-consent-sync";
import { FeedbackButton } from "~/feedback/feedback-button";
import type { loader as rootLoader } from "~/root";
import { Shell } from "~/shell/shell";
import { isWidgetHidden } from "~/shell/shell-rules";
import { Toaster } from "~/toasts/toaster";
import { useRememberLocation } from "~/utils/current-location";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/site";

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => (args.error ? errorMeta(args.error) : routeMeta(args));

/** The site shell: skip link, sidebar, header, the page, footer. */
export default function SiteLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  useConsentSync(root?.consent?.lastUpdated ?? null);
  // The current location in session storage (issue 16; error pages never get here).
  useRememberLocation();
  return (
    <TooltipProvider>
      <a
        href="#main-content"
        className="sr-only z-50 rounded bg-accent px-4 py-2 font-semibold text-accent-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* The floating widgets (the toasts, Feedback, scroll to top) stand in a dock that has
          room of its own, so they cover nothing at any scroll position (issue 40): from 768 px
          at the foot of the sidebar's column; below it the toasts come under the header and the
          buttons at the end of the page, in the page's own flow (app.css). */}
      <div className="site-layout">
        <div className="side-column">
          <Sidebar collapsed={root?.sidebar === "collapsed"} user={root?.user ?? null} />
          <div className="float-dock">
            <Toaster toast={root?.toast ?? null} />
            <div className="float-dock-buttons">
              {/* Hidden on the reading pages (spec §2), and on /feedback, which is the form itself. */}
              {isWidgetHidden(location.pathname) ? null : <FeedbackButton />}
              <ScrollToTop />
            </div>
          </div>
        </div>
        <div className="content-column">
          <SiteHeader user={root?.user ?? null} notifications={root?.notifications ?? null} />
          <main
            id="main-content"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none"
          >
            <PageErrorBoundary resetKey={location.key}>
              <Outlet />
            </PageErrorBoundary>
          </main>
          <SiteFooter year={root?.year ?? new Date().getFullYear()} />
        </div>
      </div>
      {root && !root.consent && location.pathname !== "/cookie-test" ? <ConsentBanner /> : null}
      <Shell />
    </TooltipProvider>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
