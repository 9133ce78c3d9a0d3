// React Router behind Express: a node request becomes a Fetch Request (its
// body is the one body-limit.ts read), and the Response goes back to node.
// Every HTML document passes through finishDocument on the way out: its inlined stylesheet cut
// to what it paints (page-css.ts), its scripts
// deferred on slow links (script-loading.ts), its CSP (the hashes of the inline
// scripts the app wrote itself, those that carry the render's marker, which is
// then taken out: security-headers.ts) and, for a 200 GET, its ETag and 304.
// Documents are buffered whole for that (entry.server.tsx renders them whole).
import type { IncomingMessage, ServerResponse } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { takeBody } from "./body-limit";
import { documentEtag, matchesIfNoneMatch } from "./http-cache";
import { linksSiteCss, splitPageCss } from "./page-css";
import { deferScripts } from "./script-loading";
import { contentSecurityPolicy, newScriptMarker, ownInlineScripts, type SecurityOptions } from "./security-headers";
import { hasSiteCss } from "./site-css-cookie";

export type RequestHandlerOptions = {
  build: () => Promise<ServerBuild>;
  mode: string;
  origin: (req: IncomingMessage) => string;
  /** The render's context; `scriptMarker` is the nonce the app's own inline scripts are to carry. */
  loadContext: (req: IncomingMessage, scriptMarker: string) => RouterContextProvider;
  security: SecurityOptions;
};

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

export function toRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => {
    finished = true;
  });
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const body = takeBody(req);
  // Concatenated, not resolved against the origin: `//a%2fb` is a path here, not another host.
  return new Request(`${origin}${req.url ?? "/"}`, {
    method: req.method,
    headers: toHeaders(req),
    signal: controller.signal,
    body: body && req.method !== "GET" && req.method !== "HEAD" ? new Uint8Array(body) : undefined,
  });
}

/**
 * The document's CSP (allowing the inline scripts that carry `scriptMarker`, the marker taken
 * out), and for a 200 GET its ETag (or a 304). Other responses pass as they are.
 */
/** A route's own policy that loads nothing by default and names no script source. */
const NO_SCRIPT_POLICY = /^default-src 'none';(?!.*script-src)/;

export async function finishDocument(
  request: Request,
  response: Response,
  security: SecurityOptions,
  scriptMarker?: string,
  /** The browser holds the current site.css (server/site-css-cookie.ts): link it in the head. */
  linkSiteCss = false,
) {
  if (!/^text\/html\b/i.test(response.headers.get("Content-Type") ?? "") || !response.body) return response;
  // A document that runs no script at all keeps the stricter policy its route gave it (a story's
  // single-file download and the offline page, docs/decisions/042): it has nothing to hash.
  if (NO_SCRIPT_POLICY.test(response.headers.get("Content-Security-Policy") ?? "")) return response;
  // The inlined stylesheet keeps what the page paints before site.css (server/page-css.ts); JavaScript
  // waits its turn on slow links (server/script-loading.ts), before the hashes are taken.
  const text = await response.text();
  const document = splitPageCss(text, { linkSiteCss });
  const { html, hashes } = ownInlineScripts(deferScripts(document, scriptMarker), scriptMarker);
  const headers = new Headers(response.headers);
  // Its head depends on the site.css cookie: every cache keeps the two apart.
  if (linksSiteCss(text) && !/(?:^|,)\s*cookie\s*(?:,|$)/i.test(headers.get("Vary") ?? ""))
    headers.append("Vary", "Cookie");
  headers.set("Content-Security-Policy", contentSecurityPolicy(hashes, security));
  if (request.method === "GET" && response.status === 200) {
    const etag = documentEtag(html);
    headers.set("ETag", etag);
    if (matchesIfNoneMatch(request.headers.get("If-None-Match"), etag)) {
      headers.delete("Content-Length");
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

async function send(res: ServerResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    // Several Set-Cookie headers stay several headers.
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * React Router's handler. Given the build as a function, React Router loads it and derives its
 * route tree and static handler again on every request (flattening and ranking every route), as
 * development's module reloading needs; in production the build never changes, so it is loaded
 * once and the handler derived from it once. A failed load is not kept: the next request tries
 * again.
 */
export function routerHandler(options: RequestHandlerOptions): () => Promise<ReturnType<typeof createRequestHandler>> {
  if (options.mode !== "production") {
    const handle = createRequestHandler(options.build, options.mode);
    return async () => handle;
  }
  let handle: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return () => {
    handle ??= options.build().then(
      (build) => createRequestHandler(build, options.mode),
      (error: unknown) => {
        handle = undefined;
        throw error;
      },
    );
    return handle;
  };
}

export function reactRouterHandler(options: RequestHandlerOptions) {
  const handler = routerHandler(options);
  return async (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    try {
      const handle = await handler();
      const request = toRequest(req, res, options.origin(req));
      // A new one for every render: stored content cannot know it (security-headers.ts).
      const scriptMarker = newScriptMarker();
      const response = await handle(request, options.loadContext(req, scriptMarker));
      await send(res, await finishDocument(request, response, options.security, scriptMarker, hasSiteCss(req)));
    } catch (error) {
      next(error);
    }
  };
}
