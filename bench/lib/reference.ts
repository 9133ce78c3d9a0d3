// Saves pages from the product as it sends them (status, type, encoded body
// per Accept-Encoding) and starts the reference server on those bytes.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../tests/support/ports.ts";
import { root, waitFor } from "./app-server.ts";
import type { Encoding, ReferenceManifest } from "./reference-server.ts";

export type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** One GET whose body is kept exactly as it came over the wire (not decompressed). */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${url} timed out`)));
    req.on("error", reject);
    req.end();
  });
}

export type SavedPage = {
  path: string;
  contentType: string;
  /** The final HTML, decoded. */
  html: string;
  /** Encoded size of the body per encoding, as the product sent it. */
  bytes: Partial<Record<Encoding, number>>;
  files: Partial<Record<Encoding, string>>;
};

/** The page as the product sends it for br, gzip and identity; anonymous, HTML accepted. */
export async function savePage(origin: string, pagePath: string, dir: string): Promise<SavedPage> {
  const saved: SavedPage = { path: pagePath, contentType: "", html: "", bytes: {}, files: {} };
  for (const encoding of ["br", "gzip", "identity"] as const) {
    const response = await rawGet(origin + pagePath, { Accept: "text/html", "Accept-Encoding": encoding });
    if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
    const sent = (response.headers["content-encoding"] as string | undefined) ?? "identity";
    if (sent !== encoding) throw new Error(`${pagePath}: asked for ${encoding}, got ${sent}`);
    const file = path.join(dir, `${pagePath.replace(/[^a-z0-9]+/gi, "_")}.${encoding}`);
    await writeFile(file, response.body);
    saved.files[encoding] = file;
    saved.bytes[encoding] = response.body.length;
    saved.contentType = String(response.headers["content-type"] ?? "text/html");
    if (encoding === "identity") saved.html = response.body.toString("utf8");
  }
  return saved;
}

export type ReferenceServer = { origin: string; pid: number; stop(): Promise<void> };

/** A file the product serves as it is (an image): saved once, unencoded. */
export async function saveAsset(origin: string, assetPath: string, dir: string): Promise<SavedPage> {
  const response = await rawGet(origin + assetPath, {});
  if (response.status !== 200) throw new Error(`${assetPath} answered ${response.status}`);
  const file = path.join(dir, `asset${assetPath.replace(/[^a-z0-9]+/gi, "_").slice(-120)}.identity`);
  await writeFile(file, response.body);
  return {
    path: assetPath,
    contentType: String(response.headers["content-type"] ?? "application/octet-stream"),
    html: "",
    bytes: { identity: response.body.length },
    files: { identity: file },
  };
}

/** The image endpoint's URLs a page names (src and every srcset candidate). */
export function imagePathsOf(html: string): string[] {
  return [...new Set(html.match(/\/img\/[A-Za-z0-9_.-]+\/\d+\.(?:avif|webp|jpg)/g) ?? [])];
}

/**
 * Saves the pages from the product, then serves them (and build/client) from a
 * bare node:http process; with `withImages`, also every image the pages name,
 * as static files.
 */
export async function startReference(productOrigin: string, pagePaths: string[], { withImages = false } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), "hs-bench-reference-"));
  const pages: SavedPage[] = [];
  for (const pagePath of pagePaths) pages.push(await savePage(productOrigin, pagePath, dir));
  if (withImages) {
    const images = [...new Set(pages.flatMap((p) => imagePathsOf(p.html)))];
    for (const image of images) pages.push(await saveAsset(productOrigin, image, dir));
  }
  const manifest: ReferenceManifest = {
    pages: Object.fromEntries(pages.map((p) => [p.path, { contentType: p.contentType, files: p.files }])),
    staticDir: path.join(root, "build/client"),
  };
  const manifestPath = path.join(dir, "manifest.json");
  await writeFile(manifestPath, JSON.stringify(manifest));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "reference-server.ts"), manifestPath, String(port)],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(origin + (pagePaths[0] ?? "/"), 15_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const server: ReferenceServer = { origin, pid: child.pid ?? 0, stop };
  return { server, pages };
}
