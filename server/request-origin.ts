// The origin a request is named by (React Router's `request.url`), which its action check
// compares, scheme included, with the browser's Origin header on every form post.
//
// Behind a proxy that ends TLS the socket is plain HTTP, while the browser posts from
// `https://…`: named `http://…`, every form post of an HTTPS site was refused with 400. So:
// - a request for SITE_URL's own host takes SITE_URL's scheme (the public origin the operator
//   named; the shipped nginx passes the Host the browser sent, port included);
// - otherwise, behind a trusted proxy (TRUSTED_PROXY_HEADER is set), its X-Forwarded-Proto;
// - otherwise plain HTTP, as the socket is.
// Canonical links never come from here: they come from SITE_URL.
import type { IncomingMessage } from "node:http";

export type RequestOriginOptions = { siteUrl: string; trustedProxy: boolean };

export function requestOrigin(req: IncomingMessage, options: RequestOriginOptions): string {
  const host = req.headers.host ?? "";
  const site = new URL(options.siteUrl);
  if (host === site.host) return `${site.protocol}//${host}`;
  if (options.trustedProxy) {
    const forwarded = req.headers["x-forwarded-proto"];
    // The entry the nearest proxy wrote (the shipped nginx replaces the header outright).
    const proto = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",").pop()?.trim();
    if (proto === "https" || proto === "http") return `${proto}://${host}`;
  }
  return `http://${host}`;
}
