// A WordPress REST API on loopback for the tests: the response shapes, headers
// and error bodies of a real WordPress 6.1 (recorded from one: JSON arrays
// with X-WP-Total and X-WP-TotalPages), served by a real process, both as a
// self-hosted site (/wp-json/wp/v2/...) and WordPress.com style
// (/wpcom/wp/v2/sites/{site}/...). Node built-ins only, so it runs under
// plain `node` with type stripping.
//
//   node tests/support/wordpress-server.ts --port 3211 [--host 127.0.0.1] [--mode healthy]
//
// Modes make it misbehave on purpose (hang, HTTP 500, an HTML page, invalid
// items, an object instead of a list, an empty site); other processes switch
// them with POST /__control/mode (text/plain body: the mode name).

import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { parseArgs } from "node:util";
import { archivePosts, WP_POSTS, type WpPost } from "./wordpress/dataset.ts";
import { WORDPRESS_MODES, type WordPressMode } from "./wordpress/modes.ts";
import { solidPng } from "./wordpress/png.ts";
import { HTML_ERROR_PAGE, INTERNAL_ERROR_BODY, JSON_TYPE, noRoute, sendJson } from "./wordpress/replies.ts";
import { route } from "./wordpress/routes.ts";

// The dataset and modes live in ./wordpress/; the names the suites use are handed on from here.
export { archivePosts, WP_CATEGORIES, WP_POSTS } from "./wordpress/dataset.ts";
export type { WordPressMode } from "./wordpress/modes.ts";
export { HOSTILE_POSTS } from "./wordpress/routes.ts";
export { XSS_POST_CONTENT_RENDERED, XSS_POST_EXCERPT_RENDERED } from "./wordpress/seeds.ts";

export type WordPressServer = {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The self-hosted site root (same as origin); the API is under `${wpUrl}/wp-json/wp/v2/`. */
  wpUrl: string;
  /** WordPress.com style API root: posts at `${wpcomApiBase}/wp/v2/sites/{site}/posts`. */
  wpcomApiBase: string;
  /** Every request as "METHOD /path?query", in arrival order (control requests included). */
  requests: string[];
  setMode(mode: WordPressMode): void;
  /** Stops listening and destroys every connection, hung ones included. */
  close(): Promise<void>;
};

// ---------------------------------------------------------------------------
// The server.

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const isMode = (value: string): value is WordPressMode => (WORDPRESS_MODES as readonly string[]).includes(value);

export function startWordPressServer(
  options: {
    port?: number;
    host?: string;
    mode?: WordPressMode;
    /** Older posts after the 24 (see archivePosts). */
    archivePosts?: number;
    /** Where "redirect" mode sends requests: another origin, or this server's own. */
    redirectTo?: string;
  } = {},
): Promise<WordPressServer> {
  const dataset: readonly WpPost[] = options.archivePosts
    ? [...WP_POSTS, ...archivePosts(options.archivePosts)]
    : WP_POSTS;
  const host = options.host ?? "127.0.0.1";
  let mode: WordPressMode = options.mode ?? "healthy";
  if (!isMode(mode)) return Promise.reject(new Error(`Unknown WordPress mode: ${mode}`));
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let origin = "";

  async function control(req: IncomingMessage, res: ServerResponse) {
    if (req.method === "POST") {
      const wanted = (await readBody(req)).trim();
      if (!isMode(wanted)) {
        res.writeHead(400, { "Content-Type": "text/plain; charset=UTF-8" });
        res.end(`Unknown mode "${wanted}". Modes: ${WORDPRESS_MODES.join(", ")}\n`);
        return;
      }
      mode = wanted;
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === "GET" || req.method === "HEAD") {
      res.writeHead(200, { "Content-Type": "text/plain; charset=UTF-8" });
      res.end(mode);
      return;
    }
    res.writeHead(405, { Allow: "GET, POST", "Content-Type": "text/plain; charset=UTF-8" });
    res.end("Method not allowed\n");
  }

  function upload(req: IncomingMessage, res: ServerResponse, path: string) {
    const match = /\.png$/i.test(path) ? /-(\d{1,4})x(\d{1,4})\.png$/i.exec(path) : null;
    if (!/\.png$/i.test(path) || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=UTF-8" });
      res.end("Not Found\n");
      return;
    }
    const width = Math.max(1, Math.min(2000, Number(match?.[1] ?? 1200)));
    const height = Math.max(1, Math.min(2000, Number(match?.[2] ?? 675)));
    const png = solidPng(width, height);
    res.writeHead(200, {
      "Content-Type": "image/png",
      "Content-Length": png.length,
      "Cache-Control": "max-age=31536000",
      "Access-Control-Allow-Origin": "*",
    });
    res.end(png);
  }

  /** A 200 JSON body of `size` filler bytes between head and tail, written as fast as the client reads. */
  function streamJson(res: ServerResponse, head: string, size: number, filler: string, tail: string) {
    res.writeHead(200, { "Content-Type": JSON_TYPE });
    res.write(head);
    const chunk = Buffer.alloc(64 * 1024, filler);
    let sent = 0;
    const pump = () => {
      while (!res.destroyed && sent < size) {
        const part = size - sent < chunk.length ? chunk.subarray(0, size - sent) : chunk;
        sent += part.length;
        if (!res.write(part)) {
          res.once("drain", pump);
          return;
        }
      }
      if (!res.destroyed) res.end(tail);
    };
    pump();
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL, redirected: boolean) {
    if (mode === "hang") return; // keep the socket open and never answer
    if (mode === "redirect" && !redirected) {
      res.writeHead(302, { Location: `${options.redirectTo ?? origin}/moved${url.pathname}${url.search}` });
      res.end();
      return;
    }
    if (mode === "huge-body") {
      const head = `[{"id":1,"date":"2024-10-19T21:48:00","slug":"huge","title":{"rendered":"Huge"},"featured_media":0,"excerpt":{"rendered":"`;
      return streamJson(res, head, 50 * 1024 * 1024, "a", '"}}]');
    }
    if (mode === "endless-body") return streamJson(res, "[", Number.POSITIVE_INFINITY, " ", "]");
    if (mode === "error500") return sendJson(req, res, { status: 500, body: INTERNAL_ERROR_BODY });
    if (mode === "html") {
      res.writeHead(200, {
        "Content-Type": "text/html; charset=UTF-8",
        "Content-Length": Buffer.byteLength(HTML_ERROR_PAGE),
      });
      res.end(HTML_ERROR_PAGE);
      return;
    }
    const wp = /^\/wp-json\/wp\/v2\/(.*)$/.exec(url.pathname);
    const wpcom = /^\/wpcom\/wp\/v2\/sites\/([^/]+)\/(.*)$/.exec(url.pathname);
    const apiBase = wp ? `${origin}/wp-json/wp/v2` : wpcom ? `${origin}/wpcom/wp/v2/sites/${wpcom[1]}` : "";
    const rest = wp?.[1] ?? wpcom?.[2];
    if (rest === undefined) return sendJson(req, res, noRoute());
    sendJson(
      req,
      res,
      route({ origin, apiBase, mode, query: url.searchParams, posts: dataset }, req.method ?? "GET", rest),
    );
  }

  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", origin || "http://localhost");
    if (url.pathname === "/__control/mode") {
      control(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
      return;
    }
    if (url.pathname.startsWith("/wp-content/uploads/")) {
      if (mode !== "broken-uploads") return upload(req, res, url.pathname);
      res.writeHead(500, { "Content-Type": "text/html; charset=UTF-8" });
      res.end(HTML_ERROR_PAGE);
      return;
    }
    // The target of "redirect" mode: the same request under /moved/.
    const redirected = url.pathname.startsWith("/moved/");
    if (redirected) url.pathname = url.pathname.slice("/moved".length);
    api(req, res, url, redirected);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      const address = server.address() as AddressInfo;
      const hostPart = address.family === "IPv6" ? `[${address.address}]` : address.address;
      origin = `http://${hostPart}:${address.port}`;
      let closing: Promise<void> | undefined;
      resolve({
        origin,
        wpUrl: origin,
        wpcomApiBase: `${origin}/wpcom`,
        requests,
        setMode(next) {
          if (!isMode(next)) throw new Error(`Unknown WordPress mode: ${next}`);
          mode = next;
        },
        close() {
          closing ??= new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
            for (const socket of sockets) socket.destroy();
          });
          return closing;
        },
      });
    });
  });
}

// ---------------------------------------------------------------------------
// Run directly: node tests/support/wordpress-server.ts --port 3211

/** A --name value from the command line (Node's own parser). */
function argument(name: string): string | undefined {
  const { values } = parseArgs({ options: { [name]: { type: "string" } }, strict: false });
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

if (import.meta.main) {
  const port = Number(argument("port") ?? 3211);
  const host = argument("host") ?? "127.0.0.1";
  const mode = (argument("mode") ?? "healthy") as WordPressMode;
  const server = await startWordPressServer({ port, host, mode });
  console.log(`wordpress test server on ${server.origin}`);
  const stop = () => {
    server.close().then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
