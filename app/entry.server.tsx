// Renders a document, whole: nothing on this site streams (no Suspense delays a
// page), and the HTTP layer needs the whole document for its CSP hashes and its
// ETag (server/request-handler.ts). Everything else HTTP is in server/.
// Every inline script the app writes carries the render's marker as its nonce
// (React Router's through <ServerRouter nonce>, React's own, and ours through
// ScriptNonceContext): the HTTP layer allows those scripts, and only those, by
// their hashes, and removes the marker (server/security-headers.ts).
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { env } from "./env.server";
import { ServerErrorIdContext } from "./errors/server-error-id";
import { isClientRefusal, recordServerError, serverErrorIdFor } from "./errors/server-errors.server";
import { DocumentStoryTextContext } from "./library/document-story-text";
import { documentStoryBlocks } from "./library/document-story-text.server";
import criticalCss from "./styles/app.css?inline";
import { CriticalCssContext } from "./styles/critical-css";
import { scriptMarkerContext } from "./utils/request-context";
import { ScriptNonceContext } from "./utils/script-nonce";

export const streamTimeout = 5_000;

/**
 * What a loader, an action or a render throws (not a Response): the server's error log, and stderr.
 * A refused request (a 4xx React Router answers itself, another site's Origin on an action) is the
 * client's doing and goes to neither: anyone could fill the log with them.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isClientRefusal(error, request)) return;
  void recordServerError(error, request);
  if (env.NODE_ENV !== "test") console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.get(scriptMarkerContext) ?? undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <CriticalCssContext value={criticalCss}>
        <DocumentStoryTextContext value={loadContext.get(documentStoryBlocks)}>
          <ServerErrorIdContext value={serverErrorIdFor(request)}>
            <ScriptNonceContext value={nonce}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </ScriptNonceContext>
          </ServerErrorIdContext>
        </DocumentStoryTextContext>
      </CriticalCssContext>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          void recordServerError(error, request);
          // Errors inside the shell are logged here; shell errors reject and are
          // logged by React Router. Never sent to the browser in production.
          if (shellRendered && env.NODE_ENV !== "test") console.error(error);
        },
      },
    );
  });
}
