// The reference: a bare node:http server that answers with bytes saved from
// the product (the same encoded body for the same Accept-Encoding) and serves
// build/client as files, encoded as server/index.ts sends them (the build's brotli
// and gzip copies, else brotli quality 4 or gzip above 1 KB). No framework, no rendering, no database: the physical
// limit for those bytes on this machine. Runs as its own process so it does
// not share a thread with the load generator.
//
//   node bench/lib/reference-server.ts <manifest.json> <port>

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

export type ReferenceManifest = {
  /** Saved pages: path (with query) → content type and one file per encoding. */
  pages: Record<string, { contentType: string; files: Partial<Record<Encoding, string>> }>;
  /** Directory served for every other path (the build's client files), or none. */
  staticDir?: string;
};

/** br, then gzip, then identity, as compression() prefers them (q-values are not weighed). */
export function pickEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding {
  const accepted = (acceptEncoding ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.split(";")[0]?.trim());
  for (const encoding of ["br", "gzip"] as const) {
    if (accepted.includes(encoding) && available.includes(encoding)) return encoding;
  }
  return "identity";
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".webmanifest", ".txt", ".xml"]);

function serve(manifest: ReferenceManifest, port: number) {
  const pages = new Map(
    Object.entries(manifest.pages).map(([url, page]) => [
      url,
      {
        contentType: page.contentType,
        bodies: Object.fromEntries(
          Object.entries(page.files).map(([encoding, file]) => [encoding, readFileSync(file)]),
        ) as Partial<Record<Encoding, Buffer>>,
      },
    ]),
  );
  const files = new Map<string, Promise<Partial<Record<Encoding, Buffer>> | null>>();

  function staticFile(urlPath: string) {
    let pending = files.get(urlPath);
    if (!pending) {
      const dir = manifest.staticDir;
      const file = dir ? path.join(dir, path.normalize(decodeURIComponent(urlPath))) : "";
      pending =
        dir && file.startsWith(dir + path.sep)
          ? readFile(file).then(
              async (body) => {
                if (!COMPRESSIBLE.has(path.extname(file)) || body.length < 1024) return { identity: body };
                // The build's own brotli and gzip copies when it made them, as server/index.ts sends them.
                const [br, gzip] = await Promise.all([readFile(`${file}.br`), readFile(`${file}.gz`)]).catch(() => [
                  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
                  gzipSync(body),
                ]);
                return { identity: body, gzip, br };
              },
              () => null,
            )
          : Promise.resolve(null);
      files.set(urlPath, pending);
    }
    return pending;
  }

  async function answer(req: IncomingMessage) {
    const url = req.url ?? "/";
    const page = pages.get(url);
    if (page) return { contentType: page.contentType, bodies: page.bodies };
    const pathname = url.split("?")[0] ?? "/";
    const bodies = await staticFile(pathname);
    return bodies ? { contentType: TYPES[path.extname(pathname)] ?? "application/octet-stream", bodies } : null;
  }

  const server = createServer((req, res) => {
    answer(req).then(
      (found) => {
        if (!found) {
          res.writeHead(404, { "Content-Type": "text/plain", "Content-Length": 10 });
          res.end("Not found\n");
          return;
        }
        const encoding = pickEncoding(req.headers["accept-encoding"], Object.keys(found.bodies) as Encoding[]);
        const body = found.bodies[encoding] as Buffer;
        const headers: Record<string, string | number> = {
          "Content-Type": found.contentType,
          "Content-Length": body.length,
        };
        if (encoding !== "identity") headers["Content-Encoding"] = encoding;
        res.writeHead(200, headers);
        res.end(req.method === "HEAD" ? undefined : body);
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  server.listen(port, "127.0.0.1", () => console.log("ready"));
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      server.close(() => process.exit(0));
      server.closeAllConnections();
    });
  }
}

if (import.meta.main) {
  const [manifestPath, port] = process.argv.slice(2);
  if (!manifestPath || !port) throw new Error("usage: node bench/lib/reference-server.ts <manifest.json> <port>");
  serve(JSON.parse(readFileSync(manifestPath, "utf8")) as ReferenceManifest, Number(port));
}
