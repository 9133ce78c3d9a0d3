// A database that cannot be reached is a moment's outage, not a bug: readers get the 503 page
// ("Our service is temporarily unavailable.") with Retry-After, /api/* a JSON 503 with the code
// SERVER_ERROR (spec §8), and nothing waits on it for longer than its connect and query timeouts
// (docs/decisions/045). PostgreSQL restarting, failing over or cut off by the network all look
// like this; before, a reader got the 500 page ("Something stirred in the machinery below"), or
// a page that never came while the network held the packets back.
//
// The database client's every query goes through `answerOutages` (db.server.ts). Inside a
// request (the root middleware `requestScopeMiddleware` marks it), a failure to reach the
// database is thrown on as that 503 answer, which React Router renders as the route's error page
// with its status. Outside one (the content sync, the schedule's jobs), the original error goes
// on, for their own handling and logs.
import { AsyncLocalStorage } from "node:async_hooks";
import { createContext, type MiddlewareFunction } from "react-router";
import type { DatabaseClient } from "~/database-client.server";
import { isPasswordField, type Resend } from "~/utils/resend";
import { STATUS_PAGES } from "~/utils/status-pages";

/** How long a reader is asked to wait before trying again (Retry-After of the outage's 503). */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** Prisma's error codes for a database it cannot reach or that stopped answering. */
const UNREACHABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** The driver adapters' error kinds for the same. */
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** What node-postgres says when its connect or query timeout passes, or a connection ends under it. */
const UNREACHABLE_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Query read timeout",
  "Can't reach database server",
];

/**
 * SQLite's primary result codes for a database file it can read but not write (a full disk, a
 * file system remounted read-only, a failing disk) or not open: the site can go on serving what
 * it reads, and what it would store must wait (https://sqlite.org/rescode.html). The driver
 * adapter reports them as kind "sqlite" with the extended code.
 */
const SQLITE_CANNOT_STORE = new Set([
  8, // SQLITE_READONLY
  10, // SQLITE_IOERR
  13, // SQLITE_FULL
  14, // SQLITE_CANTOPEN
]);

/** Why the database could not serve a query, when it is not the code's own doing. */
export type DatabaseUnavailable = "unreachable" | "cannot store";

/**
 * Does this error (or what caused it) say that the database could not be reached, or could not
 * store what it was given? Anything else (a constraint, a missing row, a junk file) is not an
 * outage, and goes on as it is.
 */
export function databaseUnavailable(error: unknown): DatabaseUnavailable | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const current = queue.shift();
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const record = current as {
      code?: unknown;
      kind?: unknown;
      extendedCode?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (typeof record.code === "string" && UNREACHABLE_CODES.has(record.code)) return "unreachable";
    if (typeof record.kind === "string" && UNREACHABLE_KINDS.has(record.kind)) return "unreachable";
    if (
      record.kind === "sqlite" &&
      typeof record.extendedCode === "number" &&
      SQLITE_CANNOT_STORE.has(record.extendedCode & 0xff)
    ) {
      return "cannot store";
    }
    const message = typeof record.message === "string" ? record.message : "";
    if (UNREACHABLE_MESSAGES.some((text) => message.includes(text))) return "unreachable";
    queue.push(record.cause, record.meta?.driverAdapterError);
  }
  return null;
}

/** What a request's scope knows: the form it sent without JavaScript, for its 503 page. */
type RequestScope = { resend?: Resend };

const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as a request's: a database out of reach answers it with the 503 (the middleware below; tests). */
export function inRequestScope<T>(work: () => T, scope: RequestScope = {}): T {
  return requestScope.run(scope, work);
}

/**
 * The fields of a form a browser sent without JavaScript (a document's POST), as its 503 page
 * carries them so that "Try again" sends them again (~/utils/resend): every field but passwords
 * and files. Nothing for a request of the running app (its page stays, ~/offline/unanswered) or
 * of the API. Read from a copy of the body, before the action reads it.
 */
export async function resendOfRequest(request: Request): Promise<Resend | undefined> {
  if (request.method !== "POST") return undefined;
  const destination = request.headers.get("Sec-Fetch-Dest");
  const document = destination
    ? destination === "document"
    : /\btext\/html\b/.test(request.headers.get("Accept") ?? "");
  const type = request.headers.get("Content-Type") ?? "";
  if (!document || !/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return undefined;
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (!form) return undefined;
  const resend: Resend = { fields: [], withoutPasswords: false, withoutFiles: false };
  for (const [name, value] of form) {
    if (typeof value !== "string") resend.withoutFiles = true;
    else if (isPasswordField(name)) resend.withoutPasswords = true;
    else resend.fields.push([name, value]);
  }
  return resend;
}

/** For a 503 answer's data: the form the request sent without JavaScript, to send again. */
export function resendable(): { resend?: Resend } {
  const resend = requestScope.getStore()?.resend;
  return resend ? { resend } : {};
}

/**
 * Runs `work` outside any request's scope: work that outlives its request (a mail sent after the
 * answer) gets the database's own errors, for its own log line, not a 503 nobody reads.
 */
export function outsideRequestScope<T>(work: () => T): T {
  return requestScope.exit(work);
}

/**
 * Seconds a 503 of this request asks the reader to wait, when something other than the database
 * refused it (maintenance mode sets its own).
 */
export const retryAfterContext = createContext<number>(DATABASE_RETRY_AFTER_SECONDS);

/**
 * The root's first middleware. What runs for the request (its middleware, loaders, actions, API
 * handlers) runs inside its scope. And every 503 it answers says when to come back (Retry-After)
 * and is kept by no cache: React Router keeps the headers of a Response a loader throws, not of
 * one a middleware throws (the session's, for a signed-in reader), nor of maintenance mode's
 * refusal, which is thrown as data.
 */
export const requestScopeMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await inRequestScope(next, { resend: await resendOfRequest(request) });
  if (response.status !== 503) return response;
  if (response.headers.has("Retry-After") && /\bno-store\b/.test(response.headers.get("Cache-Control") ?? "")) {
    return response;
  }
  const headers = new Headers(response.headers);
  if (!headers.has("Retry-After")) headers.set("Retry-After", String(context.get(retryAfterContext)));
  if (!/\bno-store\b/.test(headers.get("Cache-Control") ?? "")) headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * The answer to a request that the database could not serve: 503, JSON, never cached, with the
 * form a browser sent without JavaScript (`resendable`).
 */
export function databaseOutageResponse(): Response {
  return Response.json(
    { message: STATUS_PAGES[503].description, ...resendable() },
    {
      status: 503,
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    },
  );
}

/** One line on stderr for operators, at most every 10 s, with how many requests got the 503 meanwhile. */
const LOG_EVERY_MS = 10_000;
const lastLogged = new Map<DatabaseUnavailable, number>();
const answeredSince = new Map<DatabaseUnavailable, number>();
function logOutage(reason: DatabaseUnavailable, error: unknown, now = Date.now()) {
  const answered = (answeredSince.get(reason) ?? 0) + 1;
  answeredSince.set(reason, answered);
  if (now - (lastLogged.get(reason) ?? 0) < LOG_EVERY_MS) return;
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim().slice(0, 300);
  console.error(`[database] ${reason}, ${answered} request(s) answered 503 since the last line: ${message}`);
  lastLogged.set(reason, now);
  answeredSince.set(reason, 0);
}

/** What a failed query throws on: the outage's 503 inside a request, otherwise the error itself. */
export function outageAnswerFor(error: unknown): unknown {
  const reason = requestScope.getStore() ? databaseUnavailable(error) : null;
  if (!reason) return error;
  logOutage(reason, error);
  return databaseOutageResponse();
}

/**
 * The client, with each query and each transaction's start through `outageAnswerFor`
 * (db.server.ts). The extended client has the same API; only its type is a separate copy.
 */
export function answerOutages(client: DatabaseClient): DatabaseClient {
  const extended = client.$extends({
    query: {
      $allOperations: ({ args, query }) =>
        query(args).catch((error: unknown) => {
          throw outageAnswerFor(error);
        }),
    },
  }) as unknown as DatabaseClient;
  // A transaction that cannot start never reaches a query of its own.
  const transaction = extended.$transaction.bind(extended) as (...args: unknown[]) => Promise<unknown>;
  const answeredTransaction = (...args: unknown[]) =>
    transaction(...args).catch((error: unknown) => {
      throw outageAnswerFor(error);
    });
  return new Proxy(extended, {
    get: (target, property) => (property === "$transaction" ? answeredTransaction : Reflect.get(target, property)),
  });
}
