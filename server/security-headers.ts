// Security headers on every response, and the Content-Security-Policy of
// every HTML document.
//
// The CSP has no 'unsafe-inline' for scripts: a document's inline scripts are
// allowed by their SHA-256 hashes, and only the scripts the app wrote itself
// (React Router's context, stream and module loader, its scroll restoration,
// the story image's script). The renderer gives those, and nothing else, the
// render's random marker as their nonce (app/entry.server.tsx); here they are
// hashed and the marker is taken out of the document. A script that reaches
// the page through stored content (a sanitiser bug, a field that forgets to
// sanitise, a row another tool wrote) cannot know the marker, so it is not
// hashed and the browser refuses it (issue 39).
//
// Hashes, not the nonce itself, go into the policy: without the marker the
// same page has the same bytes and the same policy for every reader, so a page
// kept by the page cache, a 304 and the browser's cached copy always agree
// with the policy they are served with (a per-response nonce would not survive
// a 304: the browser would take the new header for the old body).
// https://www.w3.org/TR/CSP3/#source-list-syntax
import { createHash, randomBytes } from "node:crypto";
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

const HAS_SRC = /(?:^|\s)src\s*=/i;

/** A marker as the renderer writes it: React writes `nonce="…"` as given, and the marker needs no escaping. */
const MARKER = /^[A-Za-z0-9_-]{16,}$/;

/** A fresh marker for one render: 128 random bits, base64url. */
export function newScriptMarker(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * The document's own inline scripts (those that carry `marker` as their nonce) as 'sha256-…'
 * sources, in order, without repeats, and the document without the marker. Without a marker no
 * script is the app's.
 */
export function ownInlineScripts(html: string, marker: string | undefined): { html: string; hashes: string[] } {
  if (!marker || !MARKER.test(marker)) return { html, hashes: [] };
  const attribute = ` nonce="${marker}"`;
  // Only an opening tag that holds the marker (a tag never spans a ">"), up to the first end tag,
  // where the browser's parser ends the script too.
  const own = new RegExp(`<script\\b([^>]*${attribute}[^>]*)>([\\s\\S]*?)</script`, "gi");
  const hashes = new Set<string>();
  for (const match of html.matchAll(own)) {
    if (HAS_SRC.test(match[1] ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
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
    // HTTP layer) runs no inline script; documents get their own scripts' hashes
    // in finishDocument (server/request-handler.ts).
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
