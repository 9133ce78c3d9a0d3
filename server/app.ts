// The HTTP layer: one Express app, built here and used by both `npm run dev`
// (behind Vite's middleware) and production (compiled by Vite into
// build/server/index.js), so what is tested is what runs. Each concern is a
// small module beside this one; app/entry.server.tsx only renders.
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { env, secureCookies } from "~/env.server";
import { onPurgePageCache } from "~/site/cache-policy";
import { isApiPath } from "~/site/request-kind";
import { SITE_CSS_URL } from "~/styles/site-stylesheet";
import { jsonError } from "~/utils/api-errors";
import { BODY_MESSAGES, maxBodyBytes, pagePath, UPLOAD_PATHS } from "~/utils/http";
import {
  bodyTooLargeContext,
  clientAddressContext,
  documentRequestContext,
  scriptMarkerContext,
  serverRoutesContext,
} from "~/utils/request-context";
import { bodyLimit, bodyWasTooLarge, passOnTooLarge } from "./body-limit";
import { resolveClientAddress } from "./client-address";
import { createPageCache } from "./http-cache";
import { precompressedFiles } from "./precompressed";
import { requestGuard } from "./request-guard";
import { reactRouterHandler } from "./request-handler";
import { requestOrigin } from "./request-origin";
import { type SecurityOptions, securityHeaders } from "./security-headers";
import { hasSiteCss, markSiteCss, takeSiteCssCookie } from "./site-css-cookie";

/** Brotli for pages: quality 6 (issue 45's first bytes) and a 2^16-byte window (see createApp). */
export const BROTLI_PAGE_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
};

// `npm run demo` makes its administrator through the build (scripts/demo-admin.ts).
export { demoAdminMessage, ensureDemoAdmin } from "~/auth/demo-admin.server";
// `npm run sync` runs a sync through the build (scripts/sync.ts).
export { syncContent } from "~/content/sync-schedule.server";
// A clean stop closes the database last (server/index.ts).
export { closeDatabase } from "~/db.server";
export { env, startWarnings } from "~/env.server";
// The start refuses a database whose migrations differ from the code's (server/index.ts).
export { checkMigrations } from "~/migration-state.server";
export { runStartupJobs, stopStartupJobs } from "./startup";

export type AppOptions = {
  /** Development: Vite serves the client files; production: build/client. */
  mode: "development" | "production";
};

/** Remote content sources whose images pages may show (until the image endpoint serves them from here). */
function imageOrigins(): string[] {
  return [env.WP_URL, env.WPCOM_SITE ? `https://${env.WPCOM_SITE}` : undefined]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
}

const serverBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
const serverRoutes = async () => (await serverBuild()).routes;

function tooLarge(req: IncomingMessage, res: ServerResponse, next: () => void) {
  // A photo too big for the avatar form: the page answers, with the form and its message (decision 057).
  if (UPLOAD_PATHS.has(pagePath(req.url ?? "/"))) return passOnTooLarge(req, next);
  if (isApiPath(req.url ?? "")) {
    res.writeHead(413, { "Content-Type": "application/json; charset=utf-8" });
    jsonError(BODY_MESSAGES.tooLarge, 413)
      .text()
      .then((body) => res.end(body));
    return;
  }
  res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8" });
  res.end(BODY_MESSAGES.tooLarge);
}

export function createApp({ mode }: AppOptions) {
  const security: SecurityOptions = {
    production: env.NODE_ENV === "production",
    dev: mode === "development",
    imageOrigins: imageOrigins(),
    formActionOrigins: env.oidcProviders.map((provider) => new URL(provider.issuer).origin),
  };
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);
  app.use(securityHeaders(security));
  app.use(requestGuard);
  // Brotli at quality 6, not the middleware's 4: the story page's first 3 KB on the wire reach its
  // <h1> (issue 45, docs/decisions/043) for the same time per document (about 1 ms for 40 KB here),
  // and the page cache keeps the encoded bytes (http-cache.ts). A 64 KB window (not brotli's 4 MB):
  // an encoder then holds about 0.25 MB instead of 2.2 MB while a response streams, which was most
  // of the peak under load (decision 030), and a page under 64 KB compresses to the same bytes.
  app.use(compression({ brotli: { params: BROTLI_PAGE_PARAMS } }));
  if (mode === "production") {
    // Fingerprinted assets never change; everything else in build/client briefly.
    // Their brotli and gzip copies are made at build time (scripts/compress-assets.ts).
    // site.css's answer names its version in a cookie: the next document links it (site-css-cookie.ts).
    app.use(
      "/assets",
      markSiteCss(SITE_CSS_URL, secureCookies),
      precompressedFiles("build/client/assets"),
      express.static("build/client/assets", { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static("build/client", { maxAge: "1h" }));
  }
  app.use(bodyLimit((req) => maxBodyBytes(req.url ?? "/"), tooLarge));
  app.use(
    reactRouterHandler({
      build: serverBuild,
      mode: env.NODE_ENV,
      // Canonical URLs come from SITE_URL; this only names the request (the guard checked the Host),
      // with the scheme the browser used, so form posts behind a TLS proxy match their Origin.
      origin: (req) => requestOrigin(req, { siteUrl: env.SITE_URL, trustedProxy: Boolean(env.TRUSTED_PROXY_HEADER) }),
      loadContext: (req, scriptMarker) => {
        const context = new RouterContextProvider();
        context.set(scriptMarkerContext, scriptMarker);
        context.set(bodyTooLargeContext, bodyWasTooLarge(req));
        // The JSON API reads from the route modules which methods each route takes (app/site/api-methods.server.ts).
        context.set(serverRoutesContext, serverRoutes);
        // A client navigation asks for `<path>.data`; anything else renders a document.
        // The path as sent, not parsed as a URL: `//a%2fb` is a path here, not a host (request-handler.ts).
        context.set(documentRequestContext, !(req.url ?? "/").split(/[?#]/)[0]?.endsWith(".data"));
        context.set(
          clientAddressContext,
          resolveClientAddress(req, { header: env.TRUSTED_PROXY_HEADER, hops: env.TRUSTED_PROXY_HOPS }),
        );
        return context;
      },
      security,
    }),
  );
  return app;
}

/**
 * The whole server's request listener: anonymous pages that say
 * `Cache-Control: public` are answered from the page cache before Express runs.
 */
export function createHttpHandler(options: AppOptions) {
  const app = createApp(options);
  const pageCache = createPageCache({ variant: (req) => (hasSiteCss(req) ? "site.css" : "") });
  onPurgePageCache(pageCache.clear);
  return (req: IncomingMessage, res: ServerResponse) => {
    // Out of the request before the cache and the app: the reader stays anonymous (site-css-cookie.ts).
    takeSiteCssCookie(req, SITE_CSS_URL);
    pageCache.handle(req, res, app);
  };
}
