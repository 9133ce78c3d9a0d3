// The image endpoint's work: the source of a signed token (image-url.server.ts)
// is fetched once, decoded and re-encoded by sharp at one of IMAGE_WIDTHS as
// AVIF, WebP or JPEG, and kept in the bounded disk cache. Only sources the
// content chain gave us are ever fetched; and even those only over http(s),
// without redirects to another origin, within a size and time limit, and
// decoded with a pixel limit (a small file can claim a huge image).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { env } from "~/env.server";
import { concurrencyLimit } from "~/utils/concurrency-limit.server";
import { createDiskCache, type DiskCache } from "./image-cache.server";
import { verifyImageToken } from "./image-url.server";
import { IMAGE_FORMATS, IMAGE_TYPES, IMAGE_WIDTHS, type ImageFormat } from "./responsive";
import { loadSharp } from "./sharp.server";

export const MAX_SOURCE_BYTES = 15 * 1024 * 1024;
export const MAX_SOURCE_PIXELS = 40_000_000;
export const SOURCE_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** A request the endpoint cannot answer with an image: 404 for URLs we never made, 502 for a source that failed. */
export class ImageError extends Error {
  constructor(
    readonly status: 404 | 502,
    message: string,
  ) {
    super(message);
  }
}

export type Rendition = { body: Buffer; type: string };

const FILE = /^(\d{2,4})\.(avif|webp|jpg)$/;

/** The width and format a file name asks for, when the endpoint makes it. */
export function parseImageFile(file: string): { width: number; format: ImageFormat } | null {
  const match = FILE.exec(file);
  if (!match) return null;
  const width = Number(match[1]);
  const format = (match[2] === "jpg" ? "jpeg" : match[2]) as ImageFormat;
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width) || !IMAGE_FORMATS.includes(format)) return null;
  return { width, format };
}

async function fetchRemote(source: string): Promise<Buffer> {
  const origin = new URL(source).origin;
  const signal = AbortSignal.timeout(SOURCE_TIMEOUT_MS);
  let target = new URL(source);
  try {
    for (let hops = 0; ; hops++) {
      const response = await fetch(target, { headers: { Accept: "image/*" }, signal, redirect: "manual" });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const next = URL.parse(response.headers.get("location") ?? "", target);
        if (!next || next.origin !== origin || hops >= MAX_REDIRECTS) {
          throw new ImageError(502, "The image's source redirected elsewhere.");
        }
        target = next;
        continue;
      }
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok || !/^image\//i.test(type)) {
        await response.body?.cancel();
        throw new ImageError(502, `The image's source answered HTTP ${response.status} (${type || "no type"}).`);
      }
      if (Number(response.headers.get("content-length")) > MAX_SOURCE_BYTES || !response.body) {
        await response.body?.cancel();
        throw new ImageError(502, "The image's source sent too large a file.");
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > MAX_SOURCE_BYTES) throw new ImageError(502, "The image's source sent too large a file.");
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError(502, "The image's source could not be reached.");
  }
}

/** Our own images: files of the site's public directory (in the build, build/client). */
async function readOwn(source: string): Promise<Buffer> {
  const built = path.resolve("build/client");
  const dir = existsSync(built) ? built : path.resolve("public");
  const file = path.join(dir, path.normalize(decodeURIComponent(source.split(/[?#]/)[0] ?? "")));
  if (!file.startsWith(dir + path.sep)) throw new ImageError(404, "No such image.");
  return readFile(file).catch(() => {
    throw new ImageError(404, "No such image.");
  });
}

export async function encode(input: Buffer, width: number, format: ImageFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const image = sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width, withoutEnlargement: true });
    // Qualities chosen by eye and bytes on the demo covers (docs/decisions/027).
    if (format === "avif") return await image.avif({ quality: 50, effort: 4 }).toBuffer();
    if (format === "webp") return await image.webp({ quality: 70 }).toBuffer();
    return await image.flatten({ background: "#111111" }).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
  } catch {
    throw new ImageError(502, "The image's source is not an image we can read.");
  }
}

/** One encode at a time per process: sharp's threads would otherwise take every core from the pages. */
const serially = concurrencyLimit(1);

/**
 * The inline preview: a WebP this wide, sent inside the page as a data: URI so
 * it paints with the text, before any image request could come back on a slow
 * link (docs/decisions/027: the measurements behind it). About 0.8 KB.
 */
export const PREVIEW_WIDTH = 160;
const PREVIEW_MAX_BYTES = 2048;

/**
 * How long a failure (a source that could not be fetched, a file that would not decode) is the
 * answer before the work is tried again. Not at every request: a page asks for several widths of
 * one picture, and every reader's page for it, which sent as many requests to a failing upstream
 * (and sharp as many times through a broken file). Not never: an upstream that is back is used
 * again within this time. The /img answer says so in Retry-After.
 */
export const FAILURE_RETRY_MS = 30_000;
/** Failures remembered at most, per process: the oldest goes first. */
const FAILURES_KEPT = 500;

export function createImageService(cache: DiskCache, { now = Date.now }: { now?: () => number } = {}) {
  const pending = new Map<string, Promise<Buffer>>();
  /** Previews already read, by source: a render needs no disk read. */
  const previews = new Map<string, string | null>();
  /** Work that failed, by cache key: its error and when. */
  const failures = new Map<string, { error: unknown; at: number }>();
  const once = (key: string, make: () => Promise<Buffer>) => {
    const failure = failures.get(key);
    if (failure && now() - failure.at < FAILURE_RETRY_MS) return Promise.reject(failure.error);
    failures.delete(key);
    let job = pending.get(key);
    if (!job) {
      job = (async () => {
        const cached = await cache.get(key);
        if (cached) return cached;
        const body = await make();
        await cache.set(key, body).catch(() => {});
        return body;
      })()
        .catch((error: unknown) => {
          if (failures.size >= FAILURES_KEPT) failures.delete(failures.keys().next().value as string);
          failures.set(key, { error, at: now() });
          throw error;
        })
        .finally(() => pending.delete(key));
      pending.set(key, job);
    }
    return job;
  };

  const keyOf = (source: string) => createHash("sha256").update(source).digest("hex").slice(0, 32);
  const originalOf = (source: string) =>
    once(`${keyOf(source)}.source`, () => (source.startsWith("/") ? readOwn(source) : fetchRemote(source)));

  return {
    /**
     * The preview of a source the content chain gave us, as a data: URI; null
     * when it cannot be made within `waitMs` (the page then goes without it,
     * and a later render has it).
     */
    async preview(source: string, waitMs = 500): Promise<string | null> {
      if (previews.has(source)) return previews.get(source) ?? null;
      // A source that failed is not asked again for FAILURE_RETRY_MS (`once`): pages do not wait on it each time.
      const job = once(`${keyOf(source)}-preview.webp`, async () => {
        const input = await originalOf(source);
        return serially(async () => {
          const sharp = await loadSharp();
          try {
            return await sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: "error" })
              .rotate()
              .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
              .webp({ quality: 50 })
              .toBuffer();
          } catch {
            throw new ImageError(502, "The image's source is not an image we can read.");
          }
        });
      }).then(
        (body) => {
          const uri = body.length <= PREVIEW_MAX_BYTES ? `data:image/webp;base64,${body.toString("base64")}` : null;
          if (previews.size >= 500) previews.delete(previews.keys().next().value as string);
          previews.set(source, uri);
          return uri;
        },
        () => null,
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      return Promise.race([job, late]).finally(() => clearTimeout(timer));
    },

    /** The rendition a token and file name ask for; ImageError when there is none. */
    async rendition(token: string, file: string): Promise<Rendition> {
      const source = verifyImageToken(token);
      const wanted = parseImageFile(file);
      if (!source || !wanted) throw new ImageError(404, "No such image.");
      const body = await once(`${keyOf(source)}-${wanted.width}.${wanted.format}`, async () => {
        const input = await originalOf(source);
        return serially(() => encode(input, wanted.width, wanted.format));
      });
      return { body, type: IMAGE_TYPES[wanted.format] };
    },
  };
}

let service: ReturnType<typeof createImageService> | null = null;

export function imageService() {
  service ??= createImageService(
    createDiskCache(
      env.IMAGE_CACHE_DIR ?? path.join(os.tmpdir(), "horror-stories-images"),
      env.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    ),
  );
  return service;
}
