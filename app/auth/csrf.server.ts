// CSRF protection of every state-changing request (remix-utils' CSRF tokens).
// Forms carry the token in a hidden field; the JSON API sends it in the
// X-CSRF-Token header (GET /api/csrf-token). A missing or wrong token is a 403
// and nothing runs. The light/dark, sidebar and cookie-consent forms sit on
// publicly cacheable pages, which cannot carry a per-reader token: those
// routes, and the browser's analytics reports (docs/decisions/023), accept a
// same-origin request instead (Sec-Fetch-Site / Origin).
// See docs/decisions/005-accounts-and-protection.md.
import { createContext, createCookie, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { secureCookies, sessionSecrets } from "~/env.server";
import { answerFormOnce, newFormKey, splitFormToken, withFormKey } from "~/site/form-receipts.server";
import { isApiPath } from "~/site/request-kind";
import { BODY_MESSAGES, isFormRequest, readFormData } from "~/utils/http";
import { bodyTooLargeContext } from "~/utils/request-context";
import { COOKIE_NAMES } from "~/utils/site";

export const CSRF_FIELD = "csrf";
export const CSRF_HEADER = "X-CSRF-Token";

const csrf = new CSRF({
  cookie: createCookie(COOKIE_NAMES.csrf, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: secureCookies,
  }),
  formDataKey: CSRF_FIELD,
  secret: sessionSecrets[0],
});

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Preference-only actions that are checked by origin instead of token (see above). */
const ORIGIN_CHECKED_PATHS = new Set([
  "/theme",
  "/sidebar",
  "/cookie-consent",
  // The browser's analytics reports (docs/decisions/023): sent with keepalive as a page is left,
  // from anonymous readers' cacheable pages too; what one forges is a page view, nothing more.
  "/api/analytics/pageview",
  "/api/analytics/vitals",
  "/api/analytics/performance",
]);

type TokenState = { token: string | null; setCookie: string | null; formKey: string };
const tokenContext = createContext<TokenState>({ token: null, setCookie: null, formKey: "" });
/** The form the CSRF check read, handed on to the action so that the body is read once. */
const postedFormContext = createContext<FormData | null>(null);
/**
 * The same forms by their request, for code that gets no context (requireUser keeps what a form
 * carried when its session had ended: ./kept-form.server.ts). Only a form that passed the check is
 * here, so nothing another site sends can be kept for a reader.
 */
const checkedForms = new WeakMap<Request, FormData>();

/** The form this request posted, if the CSRF check read and passed it. */
export const checkedFormOf = (request: Request): FormData | null => checkedForms.get(request) ?? null;

/**
 * Whether the browser says the request came from this site: `Sec-Fetch-Site: same-origin`, else
 * (a browser without Fetch Metadata: Safari before 16.4, older webviews) an Origin or Referer of this
 * host. A request with none of the three cannot show where it came from, and is not from here.
 */
export function sameOrigin(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!origin || !URL.canParse(origin)) return false;
  return new URL(origin).host === new URL(request.url).host;
}

function pathOf(request: Request) {
  // Client-side submissions go to /path.data (single fetch).
  return new URL(request.url).pathname.replace(/\.data$/, "");
}

function forbidden(request: Request, message: string): never {
  if (isApiPath(pathOf(request))) {
    throw Response.json({ message, code: "FORBIDDEN" }, { status: 403 });
  }
  throw data({ message }, { status: 403 });
}

/** The token part of a CSRF field's value (a page's form key rides after it: app/site/form-receipts.server.ts). */
function tokenOnly(value: FormDataEntryValue | null): FormData {
  const form = new FormData();
  form.set(CSRF_FIELD, splitFormToken(typeof value === "string" ? value : "").token);
  return form;
}

/** Throws the 403 unless the request proves its origin; returns the form when it had to read one. */
export async function verifyCsrf(request: Request): Promise<FormData | null> {
  if (ORIGIN_CHECKED_PATHS.has(pathOf(request))) {
    if (!sameOrigin(request)) forbidden(request, "This form must be sent from this site.");
    return null;
  }
  try {
    // On the JSON API the header is the proof, whatever the body: a form sent there with it is the
    // route's to refuse (415 where it takes JSON), not a 403 for a field the API never asks for. No
    // other site can send the header (a custom header needs CORS, which this site never grants); a
    // form without it (the story editor's autosave, /api/stories/draft) proves itself with its field.
    const header = request.headers.get(CSRF_HEADER);
    const byHeader = header !== null && isApiPath(pathOf(request));
    if (isFormRequest(request)) {
      // Read (a copy of) the form first, so a body that cannot be parsed is a 400, not a 500, and
      // every form is checked (UTF-8, control characters) before any route reads it.
      // The request's own body stays unread for the actions that read it themselves.
      const form = await readFormData(request.clone());
      await csrf.validate(tokenOnly(byHeader ? header : form.get(CSRF_FIELD)), request.headers);
      return form;
    } else {
      await csrf.validate(tokenOnly(header), request.headers);
      return null;
    }
  } catch (error) {
    if (error instanceof CSRFError)
      forbidden(request, "Your form expired or did not come from this site. Reload the page and try again.");
    throw error;
  }
}

/**
 * Root middleware: checks every state-changing request before any action runs, and answers a
 * form sent again with its first answer (app/site/form-receipts.server.ts).
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // A body past its limit on an upload form came without its body (nor its token): its action
  // answers with the form and a message, and readPostedForm refuses it to anything that would act.
  const tooLarge = context.get(bodyTooLargeContext);
  const posted = SAFE_METHODS.has(request.method.toUpperCase()) || tooLarge ? null : await verifyCsrf(request);
  if (posted) {
    context.set(postedFormContext, posted);
    checkedForms.set(request, posted);
  }
  const state: TokenState = { token: null, setCookie: null, formKey: "" };
  context.set(tokenContext, state);
  const response = await (posted ? answerFormOnce(request, posted, CSRF_FIELD, next) : next());
  if (state.setCookie) response.headers.append("Set-Cookie", state.setCookie);
  return response;
};

/** The posted form: the one the CSRF check already read and checked, else read now (a body is read once). */
export async function readPostedForm(request: Request, context: Readonly<RouterContextProvider>): Promise<FormData> {
  if (context.get(bodyTooLargeContext)) throw data({ message: BODY_MESSAGES.tooLarge }, { status: 413 });
  return context.get(postedFormContext) ?? readFormData(request);
}

/**
 * The reader's CSRF token, for a loader whose page has a form that needs one, with this render's
 * form key (app/site/form-receipts.server.ts). Only such pages get the cookie, so the others
 * stay cacheable.
 */
export async function csrfToken(request: Request, context: Readonly<RouterContextProvider>): Promise<string> {
  const state = context.get(tokenContext);
  if (!state.token) {
    const [token, setCookie] = await csrf.commitToken(request);
    state.token = token;
    state.setCookie = setCookie;
    state.formKey = newFormKey();
  }
  return withFormKey(state.token, state.formKey);
}

/** Whether this request's answer holds a CSRF token a loader asked for (app/auth/private-responses.server.ts). */
export function issuedCsrfToken(context: Readonly<RouterContextProvider>): boolean {
  return Boolean(context.get(tokenContext).token);
}

/** For the JSON API: the token and its cookie. */
export function commitCsrfToken(request: Request) {
  return csrf.commitToken(request);
}
