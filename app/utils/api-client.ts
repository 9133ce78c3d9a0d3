// The browser side of the JSON API (spec §7, §8): same-origin requests with
// the reader's cookies, the CSRF token in its header, and failures turned into
// the spec's error codes and messages instead of exceptions.
import { errorCodeForStatus, FALLBACK_MESSAGES, messageFromBody, type RequestErrorCode } from "./api-errors";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code: RequestErrorCode; message: string };

let token: Promise<string> | null = null;

/** The CSRF token for X-CSRF-Token, fetched once per page life (GET /api/csrf-token). */
export function csrfToken(refresh = false): Promise<string> {
  if (!token || refresh) {
    token = fetch("/api/csrf-token", { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((response) => response.json() as Promise<{ csrfToken?: string }>)
      .then((body) => body.csrfToken ?? "")
      .catch((error: unknown) => {
        token = null;
        throw error;
      });
  }
  return token;
}

async function send<T>(method: string, path: string, body: unknown, refreshToken: boolean): Promise<ApiResult<T>> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      "X-CSRF-Token": await csrfToken(refreshToken),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: data as T };
  return {
    ok: false,
    status: response.status,
    code: errorCodeForStatus(response.status),
    message: messageFromBody(data, response.status),
  };
}

/** A state-changing request to the site's API (JSON body optional). A stale token (403) is fetched again once. */
export async function sendJson<T = unknown>(
  method: "POST" | "DELETE",
  path: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  try {
    const first = await send<T>(method, path, body, false);
    return first.ok || first.status !== 403 ? first : await send<T>(method, path, body, true);
  } catch {
    return { ok: false, status: 0, code: "NETWORK_ERROR", message: FALLBACK_MESSAGES.network };
  }
}

/** POST JSON to the site's API. */
export function postJson<T = unknown>(path: string, body: unknown): Promise<ApiResult<T>> {
  return sendJson<T>("POST", path, body);
}
