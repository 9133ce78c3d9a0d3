// One place that keeps the JSON API's promise (spec §8): every error answer of
// /api/* is JSON with a message and the request error code. Route handlers
// answer their own 4xx as JSON; what escapes them (a database that fails, a
// bug) would otherwise reach the client as React Router's text/plain
// "Unexpected Server Error", or a 404 as the HTML status page.
import type { MiddlewareFunction } from "react-router";
import { isApiPath } from "~/site/request-kind";
import { errorCodeForStatus, jsonError } from "~/utils/api-errors";
import { statusPageFor } from "~/utils/status-pages";
import { recordServerError } from "./server-errors.server";

function isApiRequest(request: Request) {
  return isApiPath(new URL(request.url).pathname);
}

/** The answer as JSON with a `code` (and a `message`) when it is an error, else the answer itself. */
async function asJsonError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  headers.delete("ETag");
  const isJson = /\bapplication\/json\b/.test(response.headers.get("Content-Type") ?? "");
  const body: unknown = isJson ? await response.json().catch(() => null) : await response.body?.cancel();
  const fields = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (isJson && typeof fields.code === "string" && typeof fields.message === "string") {
    return Response.json(fields, { status: response.status, headers });
  }
  const message =
    typeof fields.message === "string"
      ? fields.message
      : typeof fields.error === "string"
        ? fields.error
        : statusPageFor(response.status).description;
  headers.delete("Content-Type");
  const answer = jsonError(message, response.status, headers);
  if (!isJson) return answer;
  // Keep the route's own fields (e.g. `errors`), adding what §8 asks for.
  return Response.json(
    { ...fields, message, code: errorCodeForStatus(response.status) },
    {
      status: response.status,
      headers: answer.headers,
    },
  );
}

/** Root middleware: /api/* errors become JSON with the §8 code, whatever raised them. */
export const apiErrorMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!isApiRequest(request)) return next();
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    if (!(error instanceof Response)) {
      if (!request.signal.aborted) {
        void recordServerError(error, request);
        console.error(error);
      }
      return jsonError(statusPageFor(500).description, 500);
    }
    response = error;
  }
  return asJsonError(response);
};
