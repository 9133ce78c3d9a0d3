// Serves the brotli or gzip copy that scripts/compress-assets.ts made at build
// time for a fingerprinted client file, when the browser accepts it: the
// request is pointed at `file.br` or `file.gz` with the original type and a
// Content-Encoding, and express.static sends it (compression() leaves an
// encoded answer alone). Files without a copy go on to compression() as before.
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

/** Types of the client files that are compressed, as express.static names them. */
export const COMPRESSIBLE_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
};

const SUFFIX = { br: ".br", gzip: ".gz" } as const;

/** brotli, else gzip, when the Accept-Encoding header allows it (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((p) => p.trim());
    if (!name) continue;
    const weight = params.find((p) => p.startsWith("q="));
    q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : null;
}

type Request = IncomingMessage & { url: string };

/** Express middleware for a static directory mount (req.url relative to the mount). */
export function precompressedFiles(dir: string) {
  let files: Set<string>;
  try {
    files = new Set(readdirSync(dir, { recursive: true }).map((name) => String(name).split(path.sep).join("/")));
  } catch {
    files = new Set();
  }
  return (req: Request, res: ServerResponse, next: () => void) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const query = req.url.indexOf("?");
    const pathname = query < 0 ? req.url : req.url.slice(0, query);
    const type = COMPRESSIBLE_TYPES[path.extname(pathname)];
    if (!type) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    let name: string;
    try {
      name = decodeURIComponent(pathname).replace(/^\/+/, "");
    } catch {
      return next();
    }
    if (!encoding || !files.has(name + SUFFIX[encoding])) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    req.url = pathname + SUFFIX[encoding] + (query < 0 ? "" : req.url.slice(query));
    next();
  };
}
