// When a request of the running app gets no answer (the reader lost their signal) or the site's
// "come back later" (502, 503, 504: a database out of reach, maintenance, a proxy with no app
// behind it), the page the reader is on must not turn into the error screen
// (docs/decisions/046). React Router would render the nearest error boundary in its place, and
// with it go what the reader typed into a form, or the story they were reading.
//
// The root's client middleware (root.tsx) looks at what each request of the running app got:
// - A form sent (any method but GET) stays on its page as it was, with what was typed, and a
//   toast says why nothing happened: "Connection Error" with the spec's network message, or the
//   site's 503 text. The reader sends it again when they can.
// - A link to another page is followed as a whole document instead, as without JavaScript: the
//   service worker answers it with its kept copy or the offline page (app/offline/worker/sw.ts),
//   or the site with its own status page.
// - The page's own data, fetched again (pull-to-refresh, a notification read), keeps what it
//   showed.
import {
  type DataStrategyResult,
  data,
  isRouteErrorResponse,
  type MiddlewareFunction,
  redirectDocument,
} from "react-router";
import { CONNECTION_TOAST_TITLES } from "~/toasts/toast";
import { dismissToast, showToast } from "~/toasts/toast-store";
import { FALLBACK_MESSAGES } from "~/utils/api-errors";
import { STATUS_PAGES } from "~/utils/status-pages";

/** The answers that mean "not now" rather than "no". */
const COME_BACK_LATER = new Set([502, 503, 504]);

type Results = Record<string, DataStrategyResult>;

/** Why a route's result came without the site's answer, or null when it is the site's answer. */
export function unansweredBecause(result: DataStrategyResult | undefined): "no connection" | "unavailable" | null {
  if (result?.type !== "error") return null;
  // An action's error comes wrapped in data(error, status) (single-fetch.js singleFetchActionStrategy).
  const error = isDataWithResponseInit(result.result) ? result.result.data : result.result;
  if (isRouteErrorResponse(error)) return COME_BACK_LATER.has(error.status) ? "unavailable" : null;
  // fetch() rejects with a TypeError, and only then, when no answer came at all.
  return error instanceof TypeError ? "no connection" : null;
}

function isDataWithResponseInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown } {
  return (value as { type?: unknown } | null)?.type === "DataWithResponseInit";
}

/** A request's address without its origin (and without a #fragment, which no request carries). */
function pathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}

/** What the router shows now, by route (React Router keeps its router there: hydrated-router.js). */
function shownLoaderData(): Record<string, unknown> {
  const router = (window as { __reactRouterDataRouter?: { state?: { loaderData?: Record<string, unknown> } } })
    .__reactRouterDataRouter;
  return router?.state?.loaderData ?? {};
}

/**
 * The spec's error toast (§8): "Connection Error" with its network message, or "API Error" with
 * the 503 page's text, and for a form what became of it. Its code is in the page already:
 * offline, a chunk loaded now would not come.
 */
function toast(reason: "no connection" | "unavailable", form: FormKind) {
  const offline = reason === "no connection";
  return showToast({
    title: CONNECTION_TOAST_TITLES[offline ? "network" : "api"],
    description: `${offline ? FALLBACK_MESSAGES.network : STATUS_PAGES[503].description}${form ? ` ${FORM_KEPT[form]}` : ""}`,
    variant: "destructive",
    severity: offline ? "error" : "critical",
    reveal: true,
  });
}

/** A form the reader typed into, one that is a press (a button, a switch, a choice), or no form. */
type FormKind = "typed" | "pressed" | false;

/**
 * A form's part of the toast. It does not say the form was not sent: with no answer at all the
 * site may have acted on it before the signal went. Sent again, it gets the first answer and is
 * not acted on twice (app/site/form-receipts.server.ts, docs/decisions/051). Only a form with text
 * the reader typed is told that text is still here: a press ("I stopped here", a cookie choice)
 * had none.
 */
const FORM_KEPT = {
  typed: "What you typed is still here, so send it again in a moment.",
  pressed: "Try again in a moment.",
} as const;

/** Fields a reader types into; the others are hidden, chosen or pressed. */
const NOT_TYPED = new Set([
  "hidden",
  "checkbox",
  "radio",
  "submit",
  "button",
  "image",
  "reset",
  "file",
  "range",
  "color",
]);

/** Whether the form sent text the reader typed: a field of the page, by its name, that takes typing and holds some. */
function formKind(fields: Iterable<[string, FormDataEntryValue]>): FormKind {
  for (const [name, value] of fields) {
    if (typeof value !== "string" || !value) continue;
    for (const field of document.getElementsByName(name)) {
      if (field instanceof HTMLTextAreaElement && field.value) return "typed";
      if (field instanceof HTMLInputElement && !NOT_TYPED.has(field.type) && field.value) return "typed";
    }
  }
  return "pressed";
}

/** The toast of the last form that got no answer. */
let unansweredForm: string | undefined;

export const unansweredMiddleware: MiddlewareFunction<Results> = async ({ request }, next) => {
  // A copy of what a form sent, read only if it gets no answer (the request's own body goes out).
  const sent = request.method === "GET" ? null : request.clone();
  const results = await next();
  const failed = Object.entries(results).flatMap(([routeId, result]) => {
    const why = unansweredBecause(result);
    return why ? [[routeId, why] as const] : [];
  });
  if (!failed.length) {
    // The site answered a form: a toast that told the reader to send one again is no longer true.
    if (request.method !== "GET" && unansweredForm) dismissToast(unansweredForm);
    return results;
  }
  const reason = failed.some(([, why]) => why === "no connection") ? "no connection" : "unavailable";

  if (request.method !== "GET") {
    const fields = await sent?.formData().catch(() => null);
    unansweredForm = toast(reason, fields ? formKind(fields) : "typed");
    // A status of 400 or more also spares the page the reload of its data that follows a form.
    const kept: Results = { ...results };
    for (const [routeId] of failed) kept[routeId] = { type: "data", result: data(undefined, { status: 503 }) };
    return kept;
  }

  if (pathOf(request.url) !== pathOf(window.location.href)) throw redirectDocument(pathOf(request.url));

  const shown = shownLoaderData();
  const kept: Results = { ...results };
  for (const [routeId] of failed) {
    if (!(routeId in shown)) return results;
    kept[routeId] = { type: "data", result: shown[routeId] };
  }
  toast(reason, false);
  return kept;
};
