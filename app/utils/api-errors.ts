// The request error codes of spec §8, for JSON API answers and the enhanced client.
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

/** The JSON body of an API request, or a thrown 415/400 answer with a clear message. */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!(request.headers.get("Content-Type") ?? "").includes("application/json")) {
    throw jsonError("Send JSON (Content-Type: application/json).", 415);
  }
  try {
    return await request.json();
  } catch {
    throw jsonError("The request body is not valid JSON.", 400);
  }
}
