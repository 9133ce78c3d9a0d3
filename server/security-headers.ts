// Security headers on every response, and the Content-Security-Policy of
// every HTML document.
//
// The CSP has no 'unsafe-inline' for scripts: a document's inline scripts
// (React Router's context and module loader) are allowed by their SHA-256
// hashes, computed from the document's own bytes. The same page therefore has
// the same policy for every reader, so a page kept by the page cache, a 304 and
// the browser's cached copy always agree with the policy they are served with
// (a per-response nonce would not survive a 304: the browser would take the new
// header for the old body). https://www.w3.org/TR/CSP3/#source-list-syntax
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export type SecurityOptions = {
  /** HSTS is sent in production only (a development server on http://localhost must not pin it). */
  production: boolean;
  /** Vite's dev server reaches the page over a WebSocket for hot reload. */
  dev?: boolean;
  /** Origins images may come from besides this one (the remote WordPress sources). */
  imageOrigins?: string[];
  /**
   * Origins a form post may end up at besides this one: the OpenID Connect providers' issuers.
   * Connect on /settings/connected-accounts posts here and is redirected to the provider, and
   * Chromium applies form-action to the redirects after a form post too (docs/decisions/013).
   */
  formActionOrigins?: string[];
};

// Everything this site does not use is switched off.
// https://github.com/w3c/webappsec-permissions-policy/blob/main/features.md
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /(?:^|\s)src\s*=/i;

/** 'sha256-…' sources for every inline script of a document, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (HAS_SRC.test(match[1] ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/** The policy of a document whose inline scripts have these hashes (none: no inline script runs). */
export function contentSecurityPolicy(scriptHashes: readonly string[], options: SecurityOptions): string {
  const images = ["'self'", "data:", "https:", ...(options.imageOrigins ?? [])];
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // The critical CSS is inlined into the document (docs/decisions/003) and React sets style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${[...new Set(images)].join(" ")}`,
    "font-src 'self'",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "media-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    `form-action ${["'self'", ...new Set(options.formActionOrigins ?? [])].join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers every response carries, whatever its type. */
export function baseSecurityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    // A response that is not a rendered document (JSON, a file, an error from the
    // HTTP layer) runs no inline script; documents get their hashes in app.ts.
    "Content-Security-Policy": contentSecurityPolicy([], options),
    ...(options.production ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Middleware: the base headers on every response, before anything else can answer. */
export function securityHeaders(options: SecurityOptions) {
  const headers = Object.entries(baseSecurityHeaders(options));
  return (_req: IncomingMessage, res: ServerResponse, next: () => void) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
