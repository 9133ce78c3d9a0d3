// Requests the app cannot make sense of get a 4xx here, before any of it runs:
// a method this site does not use (TRACE, CONNECT, WebDAV...), a request with
// no Host (HTTP/1.0 allows that; the app builds its URLs from it), and a target
// that is not a path (absolute-form or `*`).
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
  next();
}
