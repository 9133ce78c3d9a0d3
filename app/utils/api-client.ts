// The request helper of the enhancement layer (spec §7 "Request helper rules",
// §8 request errors): one module for every call the browser makes to the
// site's API. It sends JSON (or a form body as it is), always with the
// reader's cookies, parses JSON or text by the response's content type, puts
// the CSRF token in X-CSRF-Token before every non-GET request, and turns every
// failure into the spec's codes and messages. JavaScript only: nothing on the
// server imports it.
import { errorCodeForStatus, FALLBACK_MESSAGES, messageFromBody, type RequestErrorCode } from "./api-errors";

/** A failed request: the HTTP status (0 when there was no answer), the body it came with, and the §8 code. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly code: RequestErrorCode;
  constructor(message: string, { status, data, code }: { status: number; data: unknown; code: RequestErrorCode }) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.data = data;
    this.code = code;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

export type ApiRequestOptions = {
  method?: string;
  /** A plain value goes as JSON; FormData, URLSearchParams, Blob, ArrayBuffer or a string go as they are. */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
  keepalive?: boolean;
};

export const CSRF_TOKEN_PATH = "/api/csrf-token";
export const HEALTH_PATH = "/api/health";

let token: Promise<string> | null = null;

async function fetchToken(): Promise<string> {
  const response = await fetch(CSRF_TOKEN_PATH, { credentials: "include", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`HTTP Error ${response.status}`);
  const body = (await response.json()) as { csrfToken?: unknown };
  if (typeof body.csrfToken !== "string" || !body.csrfToken) throw new Error("No csrfToken in the answer");
  return body.csrfToken;
}

/**
 * The CSRF token for X-CSRF-Token (GET /api/csrf-token), fetched once per page
 * life. When that call fails, GET /api/health is asked (which also wakes a
 * server that was starting) and the token call is tried once more.
 */
export function csrfToken(refresh = false): Promise<string> {
  if (!token || refresh) {
    token = fetchToken()
      .catch(async () => {
        await fetch(HEALTH_PATH, { credentials: "include", headers: { Accept: "application/json" } })
          .then((response) => response.body?.cancel())
          .catch(() => null);
        return fetchToken();
      })
      .catch((error: unknown) => {
        token = null;
        throw error;
      });
  }
  return token;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === "string" ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const type = response.headers.get("Content-Type") ?? "";
  const text = await response.text();
  if (/\bjson\b/i.test(type)) {
    try {
      return text ? (JSON.parse(text) as unknown) : null;
    } catch {
      return text;
    }
  }
  return text;
}

async function send(url: string, options: ApiRequestOptions, refreshToken: boolean): Promise<Response> {
  const method = (options.method ?? "GET").toUpperCase();
  const headers = new Headers(options.headers);
  if (!headers.has("Accept")) headers.set("Accept", "application/json, text/plain;q=0.9, */*;q=0.5");
  let body: BodyInit | undefined;
  if (options.body !== undefined && options.body !== null) {
    if (isRawBody(options.body)) body = options.body;
    else {
      body = JSON.stringify(options.body);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    }
  }
  if (method !== "GET" && method !== "HEAD" && !headers.has("X-CSRF-Token")) {
    // The preparatory step: when it fails, the request goes unchanged (and the server says 403).
    const value = await csrfToken(refreshToken).catch(() => null);
    if (value) headers.set("X-CSRF-Token", value);
  }
  try {
    return await fetch(url, {
      method,
      headers,
      body,
      credentials: "include",
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    // The caller's abort stays an abort; anything else fetch() throws means no answer came.
    if (error instanceof DOMException && (error.name === "AbortError" || error.name === "TimeoutError")) throw error;
    throw new ApiRequestError(FALLBACK_MESSAGES.network, { status: 0, data: null, code: "NETWORK_ERROR" });
  }
}

/**
 * One call to the site's API. Resolves with the parsed body; rejects with an
 * ApiRequestError carrying the §8 code: the status's code with the body's
 * error or message (else "HTTP Error {status}"), NETWORK_ERROR when nothing
 * answered, INVALID_REQUEST without a URL, UNKNOWN for anything else. A 403
 * on a non-GET request is tried once more with a fresh token (a stale one).
 */
export async function apiRequest<T = unknown>(url: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await request<T>(url, options)).data;
}

async function request<T>(url: string, options: ApiRequestOptions): Promise<{ status: number; data: T }> {
  if (!url) {
    throw new ApiRequestError(FALLBACK_MESSAGES.missingUrl, { status: 0, data: null, code: "INVALID_REQUEST" });
  }
  const method = (options.method ?? "GET").toUpperCase();
  try {
    let response = await send(url, options, false);
    if (response.status === 403 && method !== "GET" && method !== "HEAD" && !options.keepalive) {
      // Only a body that can be sent twice (anything but a stream) is repeated.
      response = await send(url, options, true);
    }
    const data = await readBody(response);
    if (response.ok) return { status: response.status, data: data as T };
    throw new ApiRequestError(messageFromBody(data, response.status), {
      status: response.status,
      data,
      code: errorCodeForStatus(response.status),
    });
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    if (error instanceof DOMException && (error.name === "AbortError" || error.name === "TimeoutError")) throw error;
    throw new ApiRequestError(FALLBACK_MESSAGES.unexpected, { status: 0, data: null, code: "UNKNOWN" });
  }
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code: RequestErrorCode; message: string };

/** apiRequest as a result instead of an exception, for callers that show the message in place. */
export async function sendJson<T = unknown>(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  try {
    const { status, data } = await request<T>(path, { method, body });
    return { ok: true, status, data };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      return { ok: false, status: error.status, code: error.code, message: error.message };
    }
    return { ok: false, status: 0, code: "UNKNOWN", message: FALLBACK_MESSAGES.unexpected };
  }
}

/** POST JSON to the site's API. */
export function postJson<T = unknown>(path: string, body: unknown): Promise<ApiResult<T>> {
  return sendJson<T>("POST", path, body);
}
