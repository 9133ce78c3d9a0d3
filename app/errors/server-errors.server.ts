// The server's own exceptions in the error log (docs/decisions/029: /admin/bug-reports
// groups "the server's error log by message and route"). Whatever a loader,
// an action, a render or an API handler throws that is not a Response (a 4xx
// the code meant to send) is stored once, with the path it happened on and no
// query string (a reset or confirmation token must not reach the log), beside
// the browsers' records, marked source "server". It still goes to standard
// error too: the log is for admins, stderr for operators.
import { randomBytes } from "node:crypto";
import { isRouteErrorResponse } from "react-router";
import { hitRateLimit } from "~/auth/rate-limit.server";
import type { MailFailure } from "~/site/mail.server";
import { saveErrorRecord } from "./error-log.server";

/**
 * At most this many server records a minute reach the database, from all the server processes
 * on it together (a counter row, as the rate limits keep); a flood is only counted on stderr.
 */
export const SERVER_ERRORS_PER_MINUTE = 60;
const SHARED_BUDGET = { key: "server-errors", rule: { limit: SERVER_ERRORS_PER_MINUTE, windowMs: 60_000 } };

const recorded = new WeakSet<object>();
/** The id stored for a request's error: its 500 page shows it (entry.server.tsx). */
const idByRequest = new WeakMap<Request, string>();

/** The id of the error recorded for this request, if one was stored. */
export function serverErrorIdFor(request: Request): string | null {
  return idByRequest.get(request) ?? null;
}
let windowStart = 0;
let inWindow = 0;

/** This process's own count: past it, a flood does not even reach the shared counter. */
function withinBudget(now: number): boolean {
  if (now - windowStart >= 60_000) {
    windowStart = now;
    inWindow = 0;
  }
  inWindow++;
  return inWindow <= SERVER_ERRORS_PER_MINUTE;
}

/** An error id the browser's logger would also accept (err_<time>_<random>); "s" marks the server's. */
function serverErrorId(now: number): string {
  return `err_${now}_s${randomBytes(6).toString("hex")}`;
}

/** The page a request is about: a client-side data request to /page.data (or /_root.data for /) is that page. */
export function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
}

/** Is this something the code threw on purpose (a Response or a route error response), not a failure? */
function isIntended(error: unknown): boolean {
  return error instanceof Response || isRouteErrorResponse(error);
}

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A refusal of the client's request, not a failure of the server: a 4xx React Router answers by
 * itself (an error response: 405 for a page without an action, 404 for a path no route has), and
 * its refusal of an action whose Origin names another site (throwIfPotentialCSRFAttack, which
 * throws a plain Error, "Bad Request" for a `.data` request). Anyone may send these, as often as
 * they like: each wrote a stack trace of 17 lines to the log.
 */
export function isClientRefusal(error: unknown, request: Request): boolean {
  if (isRouteErrorResponse(error)) return error.status < 500;
  if (error instanceof Response) return error.status < 500;
  if (!(error instanceof Error) || !MUTATIONS.has(request.method.toUpperCase()) || !request.headers.has("Origin"))
    return false;
  // React Router's own words (react-router/lib/actions.ts, lib/server-runtime/single-fetch.ts).
  return (
    error.message.endsWith("Aborting the action.") ||
    (error.message === "Bad Request" && new URL(request.url).pathname.endsWith(".data"))
  );
}

/**
 * Records one server exception for `request`. Each error object is stored once (handleError, the
 * render and the API middleware may all see it); aborted requests and intended responses are not
 * errors. Never throws and never waits: a failing database must not turn one error into two.
 * Resolves with the stored id, or null when nothing was stored.
 */
export function recordServerError(error: unknown, request: Request, now = Date.now()): Promise<string | null> {
  if (request.signal.aborted || isIntended(error) || isClientRefusal(error, request)) return Promise.resolve(null);
  if (typeof error === "object" && error !== null) {
    if (recorded.has(error)) return Promise.resolve(null);
    recorded.add(error);
  }
  if (!withinBudget(now)) return Promise.resolve(null);
  const err = error instanceof Error ? error : null;
  // One line: Prisma's messages span several, and a group is told by its message.
  const message =
    (err ? `${err.name}: ${err.message}` : String(error)).replace(/\s+/g, " ").trim().slice(0, 2000) ||
    "Unknown server error";
  const id = serverErrorId(now);
  // Set at once: the 500 page being rendered shows it (a record the shared budget then refuses
  // leaves an id that finds nothing, only while the site is past its budget).
  idByRequest.set(request, id);
  return withinSharedBudget(now).then((allowed) => {
    if (allowed) return store(id, message, err, request, now);
    idByRequest.delete(request);
    return null;
  });
}

/** The budget of every process together; when the counter cannot be read, the save is tried (and says why it failed). */
function withinSharedBudget(now: number): Promise<boolean> {
  return hitRateLimit(SHARED_BUDGET.key, SHARED_BUDGET.rule, now).then(
    (result) => result.allowed,
    () => true,
  );
}

function store(id: string, message: string, err: Error | null, request: Request, now: number): Promise<string | null> {
  return save({
    id,
    timestamp: new Date(now).toISOString(),
    message,
    stack: err?.stack?.slice(0, 20_000) ?? null,
    userAgent: request.headers.get("User-Agent")?.slice(0, 500) ?? null,
    url: pagePath(request).slice(0, 2000),
    context: { method: request.method },
  }).then((stored) => {
    if (!stored) idByRequest.delete(request);
    return stored;
  });
}

function save(record: Parameters<typeof saveErrorRecord>[0] & { id: string }): Promise<string | null> {
  return saveErrorRecord(record, "server").then(
    () => record.id,
    (failure: unknown) => {
      console.error(
        "[error-log] could not store a server error:",
        failure instanceof Error ? failure.message : failure,
      );
      return null;
    },
  );
}

/**
 * A mail that did not leave (the mail server refused it, or could not be reached), in the error log
 * the admins read, within the same budget as the server's exceptions (docs/decisions/059). It says
 * what the mail was and why, never to whom: the mailer took every address out of its error, and no
 * stack is kept (its first line is that message). The mail's sender still answers the person as it
 * always did; this never throws and only waits for its row.
 */
export function recordMailFailure({ kind, error }: MailFailure, now = Date.now()): Promise<string | null> {
  if (!withinBudget(now)) return Promise.resolve(null);
  const id = serverErrorId(now);
  const message = `Mail not sent (${kind}): ${error.message}`.replace(/\s+/g, " ").trim().slice(0, 2000);
  const context: Record<string, unknown> = { mail: kind };
  if (error.code) context.code = error.code;
  if (error.responseCode) context.responseCode = error.responseCode;
  return withinSharedBudget(now).then((allowed) =>
    allowed ? save({ id, timestamp: new Date(now).toISOString(), message, stack: null, context }) : null,
  );
}
