// The request error codes of spec §8, for JSON API answers and the enhanced client.
import { BODY_MESSAGES, decodeUtf8, hasControlCharacter, readBodyBytes } from "./http";

export type RequestErrorCode =
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "VALIDATION_ERROR"
  | "SERVER_ERROR"
  | "CLIENT_ERROR"
  | "NETWORK_ERROR"
  | "INVALID_REQUEST"
  | "UNKNOWN";

export function errorCodeForStatus(status: number): RequestErrorCode {
  if (status === 401) return "UNAUTHORIZED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 400 || status === 422) return "VALIDATION_ERROR";
  if (status >= 500) return "SERVER_ERROR";
  return "CLIENT_ERROR";
}

export const FALLBACK_MESSAGES = {
  login: "Login failed",
  register: "Registration failed",
  logout: "Logout failed",
  unknown: "An unknown error occurred",
  network: "Network error: Cannot connect to server. Please check your internet connection.",
  missingUrl: "API URL is required",
  unexpected: "Unexpected error during API request",
} as const;

/** The message of an error response: its error or message field, else "HTTP Error {status}". */
export function messageFromBody(body: unknown, status: number): string {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    if (typeof record.error === "string" && record.error) return record.error;
    if (typeof record.message === "string" && record.message) return record.message;
  }
  return `HTTP Error ${status}`;
}

/** A JSON error answer carrying the message and the spec's code. */
export function jsonError(message: string, status: number, headers?: HeadersInit) {
  return Response.json({ message, code: errorCodeForStatus(status) }, { status, headers });
}

/**
 * The answer to a method a route of the JSON API does not take (RFC 9110 §15.5.6): 405, a message
 * that names the methods to use ("Use GET.", "Use POST or PUT."; HEAD goes unsaid with GET) and
 * `Allow` listing them. app/site/api-methods.server.ts sends it for every /api/ route.
 */
export function methodNotAllowed(allow: readonly string[]): Response {
  const named = allow.filter((method) => method !== "HEAD");
  const list = named.length > 1 ? `${named.slice(0, -1).join(", ")} or ${named.at(-1)}` : (named[0] ?? "GET");
  return jsonError(`Use ${list}.`, 405, { Allow: allow.join(", ") });
}

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * A JSON body's first refused field as one message that names it, the way every route of the API
 * answers: "username: Use 3 to 30 characters.", "body: …" for the body as a whole. A field in
 * `bare` keeps its message as it is (a text the product spec gives word for word).
 */
export function issueMessage(
  error: { readonly issues: readonly Issue[] },
  fallback: string,
  bare: readonly string[] = [],
): string {
  const issue = error.issues[0];
  if (!issue) return fallback;
  const path = issue.path.map(String).join(".");
  return bare.includes(path) ? issue.message : `${path || "body"}: ${issue.message}`;
}

/** Deeper JSON is refused before anything walks it (no body of this API nests more than a few levels). */
export const MAX_JSON_DEPTH = 32;

/** Why a parsed JSON value is refused: too deep, or a string (or key) with control characters. */
function jsonProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === "string") {
      if (hasControlCharacter(current)) return "The request body contains control characters, which no field takes.";
    } else if (current !== null && typeof current === "object") {
      if (depth >= MAX_JSON_DEPTH) return `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`;
      for (const [key, item] of Object.entries(current)) {
        if (hasControlCharacter(key)) return "The request body contains control characters, which no field takes.";
        stack.push([item, depth + 1]);
      }
    }
  }
  return null;
}

/** A body's content coding other than none (RFC 9110 §8.4): the site reads bodies as they are sent. */
function isEncoded(request: Request): boolean {
  const coding = (request.headers.get("Content-Encoding") ?? "").trim().toLowerCase();
  return coding !== "" && coding !== "identity";
}

/**
 * The JSON body of an API request, or a thrown answer with a clear message:
 * 415 for another content type (a form too) or a compressed body, 413 past the
 * size limit, 400 for a body that is not UTF-8, not JSON, nested too deeply or
 * carrying control characters.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!(request.headers.get("Content-Type") ?? "").includes("application/json")) {
    throw jsonError("Send JSON (Content-Type: application/json).", 415);
  }
  // RFC 9110 §15.5.16: the codings that would have been taken, in Accept-Encoding (none but identity).
  if (isEncoded(request)) {
    throw jsonError("Send the body uncompressed, without Content-Encoding.", 415, { "Accept-Encoding": "identity" });
  }
  let bytes: Uint8Array | "too large";
  try {
    bytes = await readBodyBytes(request);
  } catch {
    throw jsonError("The request body could not be read.", 400);
  }
  if (bytes === "too large") throw jsonError(BODY_MESSAGES.tooLarge, 413);
  const text = decodeUtf8(bytes);
  if (text === null) throw jsonError("The request body is not valid UTF-8.", 400);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw jsonError("The request body is not valid JSON.", 400);
  }
  const problem = jsonProblem(body);
  if (problem) throw jsonError(problem, 400);
  return body;
}
