import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { ensureInitialAdmin } from "./auth/auth.server";
import { startContentSyncSchedule } from "./content/sync-schedule.server";
import { env } from "./env.server";
import criticalCss from "./styles/app.css?inline";
import { CriticalCssContext } from "./styles/critical-css";

export const streamTimeout = 5_000;

// `npm run sync` (scripts/sync.ts) runs a sync through the built server.
export { syncContent } from "./content/sync-schedule.server";
// server.js answers anonymous pages from this cache before Express runs.
export { createPageCache } from "./utils/page-cache.server";
// server.js sends the assets' build-time brotli and gzip copies with this.
export { precompressedFiles } from "./utils/precompressed.server";
// server.js puts the client's socket address into this context.
export { socketAddressContext } from "./utils/request-context";

if (env.NODE_ENV !== "test" && !process.env.HS_CLI) {
  startContentSyncSchedule();
  ensureInitialAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD).catch((error) =>
    console.error("Could not create the initial administrator:", error instanceof Error ? error.message : error),
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Successful GETs are rendered whole so they can carry an ETag and be
  // answered 304 when the reader already has them (no Suspense here delays it).
  const conditional = request.method.toUpperCase() === "GET" && responseStatusCode === 200;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      conditional || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <CriticalCssContext value={criticalCss}>
        <ServerRouter context={routerContext} url={request.url} />
      </CriticalCssContext>,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("X-Content-Type-Options", "nosniff");
          responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
          responseHeaders.set("X-Frame-Options", "DENY");
          pipe(body);
          if (!conditional || responseStatusCode !== 200) {
            resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
            return;
          }
          new Response(stream).text().then((html) => {
            const etag = `W/"${createHash("sha1").update(html).digest("base64url")}"`;
            responseHeaders.set("ETag", etag);
            const match = request.headers
              .get("If-None-Match")
              ?.split(",")
              .some((tag) => tag.trim() === etag);
            resolve(
              match
                ? new Response(null, { status: 304, headers: responseHeaders })
                : new Response(html, { headers: responseHeaders, status: responseStatusCode }),
            );
          }, reject);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged here; shell errors reject and are
          // logged by React Router. Never sent to the browser in production.
          if (shellRendered && env.NODE_ENV !== "test") console.error(error);
        },
      },
    );
  });
}
