import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { Route } from "./+types/root";
import { maintenanceMiddleware } from "./admin/maintenance.server";
import { analyticsMiddleware, serverViewId } from "./analytics/record.server";
import { AnalyticsReporter } from "./analytics/reporter";
import { getOptionalUser } from "./auth/auth.server";
import { csrfMiddleware, csrfToken } from "./auth/csrf.server";
import { keptResult, takeKeptForm } from "./auth/kept-form.server";
import { privateResponsesMiddleware } from "./auth/private-responses.server";
import { useStoredUser } from "./auth/use-stored-user";
import {
  errorMeta,
  FullPageErrorFallback,
  resendForError,
  statusPageForError,
  useCurrentUrl,
} from "./components/error-boundary";
import { StatusPageView } from "./components/status-page";
import { getAccountConsent, getConsent } from "./consent/consent.server";
import { requestScopeMiddleware } from "./database-outage.server";
import { env } from "./env.server";
import { apiErrorMiddleware } from "./errors/api-error-middleware.server";
import { bellState } from "./notifications/notifications.server";
import { isOfflineCopy } from "./offline/offline";
import { sessionMarkMiddleware } from "./offline/session-mark.server";
import { unansweredMiddleware } from "./offline/unanswered";
import { FontFaces } from "./preferences/fonts";
import { InlineCss, preferenceCss } from "./preferences/preference-css";
import { isDefaultPreferences, preferenceDataAttributes, preferenceStyle } from "./preferences/preferences";
import { getPreferences } from "./preferences/reading-preferences.server";
import { usePreferences } from "./preferences/use-preferences";
import { inOwnTask } from "./shell/idle";
import { SmoothInPageJumps } from "./shell/in-page-jumps";
import { apiMethodsMiddleware } from "./site/api-methods.server";
import { CriticalCss } from "./styles/critical-css";
import { linkSiteStylesheet } from "./styles/site-stylesheet";
import { getPaletteCss } from "./theme/palette.server";
import { getSidebarState, getTheme } from "./theme/theme-cookies.server";
import { useTheme } from "./theme/theme-toggle";
import { getToast } from "./toasts/toast.server";
import { routeMeta } from "./utils/meta";
import { markHydrated } from "./utils/use-hydrated";

// First, the request's scope, so that a database that cannot be reached answers this request's
// queries with the 503 page (docs/decisions/045). Outermost after it, the rule that an answer built for a session is private (docs/decisions/031), so it sees every
// answer, refusals included. Then the API's error shape, so it covers what the CSRF check and
// maintenance mode refuse too. After the CSRF check, the methods each route of the API takes (a
// request without its proof is refused 403 first, whatever its method). Last, the analytics count
// of a page served to a reader with consent (docs/decisions/023).
export const middleware: Route.MiddlewareFunction[] = [
  requestScopeMiddleware,
  privateResponsesMiddleware,
  sessionMarkMiddleware,
  apiErrorMiddleware,
  maintenanceMiddleware,
  csrfMiddleware,
  apiMethodsMiddleware,
  analyticsMiddleware,
];

// In the browser: a request that gets no answer, or the site's "come back later", keeps the page
// (docs/decisions/046).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [unansweredMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [theme, sidebar, user, consent, flash, palette] = await Promise.all([
    getTheme(request),
    getSidebarState(request),
    getOptionalUser(request),
    getConsent(request),
    getToast(request),
    // The admins' site palette (docs/decisions/019): cached in process, "" for the default.
    getPaletteCss(),
  ]);
  // One query by primary key for a signed-in reader, none for an anonymous one (the cookie).
  const preferences = await getPreferences(request, user?.id ?? null);
  // A form this browser sent here after its session ended, given back once to the signed-in reader
  // (docs/decisions/058): nothing is read without its cookie.
  const kept = user ? await takeKeptForm(request) : null;
  // The server's count of this page (readers with analytics consent only): the browser's first report names it.
  const analyticsView = serverViewId(context);
  const result = {
    theme,
    // Only when an admin saved one: a default site's documents carry not even the key.
    ...(palette ? { palette } : {}),
    // A default reader's hydration data carries none (usePreferences falls back to the defaults):
    // the story and list pages count every byte on slow-2g (tests/http/budget.spec.ts).
    preferences: isDefaultPreferences(preferences) ? null : preferences,
    sidebar,
    // No cookie in this browser yet: a signed-in reader's choice kept on the account (/settings/privacy).
    consent: consent ?? (user ? await getAccountConsent(user.id) : null),
    // The service worker's copy of a story kept for reading offline: no consent banner, since the
    // reader's choice is not known to a fetch without cookies and could not be sent without a signal.
    ...(isOfflineCopy(request) ? { offlineCopy: true } : {}),
    user: user ? { id: user.id, username: user.username, avatar: user.avatar, isAdmin: user.isAdmin } : null,
    // Signed-in pages carry a sign-out form, so they carry a CSRF token; anonymous pages stay cacheable.
    csrf: user ? await csrfToken(request, context) : null,
    // The bell's unread count, after the ignored-notification rule (spec §4) has run on the server.
    notifications: user
      ? await bellState(user.id, Date.now(), new URL(request.url).pathname.replace(/\.data$/, "") === "/notifications")
      : null,
    toast: flash.toast,
    // Only when there is one: useSchemaForm fills the page's form with it (app/components/forms.tsx),
    // on this page only (the root's data outlives a client navigation to another).
    ...(kept?.fields ? { kept: { path: kept.path, result: keptResult(kept.fields) } } : {}),
    ...(analyticsView ? { analyticsView } : {}),
    origin: env.SITE_URL,
    year: new Date().getFullYear(),
  };
  // A flash toast is shown once, a kept form too: their cookies go with this answer.
  const cleared = [flash.clear, kept?.setCookie].filter((cookie) => cookie !== undefined && cookie !== null);
  return cleared.length
    ? data(result, { headers: cleared.map((cookie) => ["Set-Cookie", cookie] as [string, string]) })
    : result;
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Horror Stories", href: "/feed.xml" },
];

export const meta: Route.MetaFunction = (args) => (args.error ? errorMeta(args.error) : routeMeta(args));

export function Layout({ children }: { children: React.ReactNode }) {
  const theme = useTheme();
  // Reading preferences on the first byte: nothing here for a default reader.
  const preferences = usePreferences();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const palette = rootData && "palette" in rootData ? (rootData.palette ?? "") : "";
  // Marks the document once the app runs in it: what "hydrated" means to scripts and the browser tests.
  // And the whole site's stylesheet joins the inlined one, for what client renders bring (docs/decisions/043).
  // In a task of its own, not hydration's (~/utils/use-hydrated).
  useEffect(
    () =>
      inOwnTask(() => {
        linkSiteStylesheet();
        markHydrated();
      }),
    [],
  );
  return (
    <html
      lang="en"
      data-theme={theme}
      {...preferenceDataAttributes(preferences)}
      style={preferenceStyle(preferences) as React.CSSProperties}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <CriticalCss />
        {/* After app.css, before the reader's high-contrast rules, which win over it. */}
        <InlineCss css={palette} />
        <FontFaces faces={[preferences.typeface]} preload />
        <InlineCss css={preferenceCss(preferences)} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Links />
      </head>
      <body>
        {children}
        <SmoothInPageJumps />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useStoredUser(loaderData.user);
  const analytics = (
    <AnalyticsReporter
      consent={loaderData.consent}
      serverViewId={"analyticsView" in loaderData ? loaderData.analyticsView : null}
    />
  );
  if (!loaderData.csrf)
    return (
      <>
        <Outlet />
        {analytics}
      </>
    );
  return (
    <AuthenticityTokenProvider token={loaderData.csrf}>
      <Outlet />
      {analytics}
    </AuthenticityTokenProvider>
  );
}

/**
 * Errors the layouts could not catch (the root loader, the document itself):
 * a known status still gets its page, anything else the full-page fallback.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const page = statusPageForError(error);
  const url = useCurrentUrl();
  if (page.code !== 500) return <StatusPageView page={page} retryUrl={url} resend={resendForError(error)} />;
  return <FullPageErrorFallback />;
}
