// A loopback proxy in front of the test site that sends each HTML document's body in pieces,
// with a pause after each, as a slow link delivers it: the browser parses and paints what it has
// so far, so a page whose painted part moves when the rest arrives shows it as a layout shift.
// Everything else (assets, redirects) goes through at once. For page loads only: a request's body
// is not forwarded.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export type TrickleProxy = { origin: string; close(): Promise<void> };

/** Not passed on: hop-by-hop, or no longer true of the body as it is sent here (whole, unencoded). */
const DROPPED = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"]);

function forwardedHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === "host" || name === "accept-encoding" || DROPPED.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/**
 * Starts the proxy for `target` (the site's origin). Each HTML body after `<body` goes out in
 * pieces of `pieceBytes`, `pauseMs` apart (long enough for Chromium to draw a frame); the head
 * before it is one piece, as nothing of it is painted.
 */
export async function startTrickleProxy(
  target: string,
  { pieceBytes = 600, pauseMs = 30 }: { pieceBytes?: number; pauseMs?: number } = {},
): Promise<TrickleProxy> {
  const server = createServer(async (request, response) => {
    try {
      const upstream = await fetch(new URL(request.url ?? "/", target), {
        method: request.method,
        headers: forwardedHeaders(request),
        redirect: "manual",
      });
      const headers: Record<string, string[]> = {};
      for (const [name, value] of upstream.headers) {
        if (DROPPED.has(name) || name === "etag") continue;
        headers[name] = [...(headers[name] ?? []), value]; // each Set-Cookie on its own
      }
      const body = Buffer.from(await upstream.arrayBuffer());
      response.writeHead(upstream.status, headers);
      if (!upstream.headers.get("content-type")?.startsWith("text/html")) {
        response.end(body);
        return;
      }
      let at = Math.max(0, body.indexOf("<body"));
      response.write(body.subarray(0, at));
      while (at < body.length) {
        await sleep(pauseMs);
        response.write(body.subarray(at, at + pieceBytes));
        at += pieceBytes;
      }
      response.end();
    } catch (error) {
      response.destroy(error as Error);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
