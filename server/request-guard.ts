// Requests the app cannot make sense of get a 4xx here, before any of it runs:
// a method this site does not use (TRACE, CONNECT, WebDAV...), a request with
// no Host (HTTP/1.0 allows that; the app builds its URLs from it), and a target
// that is not a path (absolute-form or `*`), and a path whose percent-encoding does not decode (`/%ZZ`, a
// `%` not followed by two hex digits, or bytes that are not UTF-8): React Router would log two warnings for
// it and answer the 404 page, for what is a malformed request (RFC 3986 §2.1).
import type { IncomingMessage, ServerResponse } from "node:http";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);
// RFC 9110 §7.2 / RFC 3986 §3.2.2: a host name or address, and an optional port.
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers });
  res.end(`${message}\n`);
}

export function requestGuard(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (!ALLOWED.has(req.method ?? "")) {
    return refuse(res, 405, "This method is not allowed.", { Allow: ALLOWED_METHODS.join(", ") });
  }
  if (!HOST.test(req.headers.host ?? "")) return refuse(res, 400, "The request needs a valid Host header.");
  if (!req.url?.startsWith("/")) return refuse(res, 400, "The request target must be a path.");
  if (!decodable(req.url)) return refuse(res, 400, "The request's path is not valid percent-encoding.");
  next();
}

/** Whether the path (the query string aside, which the app reads leniently) percent-decodes to UTF-8. */
function decodable(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  if (!path.includes("%")) return true;
  try {
    // The result is used: the bundler drops a call to decodeURIComponent whose value is unused, and with it the check.
    return decodeURIComponent(path).length >= 0;
  } catch {
    return false;
  }
}
