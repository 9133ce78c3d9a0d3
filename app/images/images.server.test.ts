import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWordPressServer } from "../../tests/support/wordpress-server";
import { createDiskCache } from "./image-cache.server";
import { HERO_SIZES, imageToken, responsiveImage, verifyImageToken } from "./image-url.server";
import { createImageService, FAILURE_RETRY_MS, ImageError, parseImageFile } from "./images.server";

let server: Server;
let origin: string;
let dir: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  const png = await sharp({
    create: { width: 1200, height: 675, channels: 3, background: { r: 40, g: 20, b: 60 } },
  })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    const url = req.url ?? "/";
    hits.set(url, (hits.get(url) ?? 0) + 1);
    if (url === "/cover.png") return res.writeHead(200, { "Content-Type": "image/png" }).end(png);
    if (url === "/moved.png") return res.writeHead(302, { Location: "/cover.png" }).end();
    if (url === "/away.png") return res.writeHead(302, { Location: "http://169.254.169.254/latest/" }).end();
    if (url === "/page.html") return res.writeHead(200, { "Content-Type": "text/html" }).end("<p>hi</p>");
    if (url === "/junk.png") return res.writeHead(200, { "Content-Type": "image/png" }).end("not a png at all");
    if (url === "/huge.png")
      return res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(50 * 1024 * 1024) }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), "hs-images-test-"));
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("signed image URLs", () => {
  it("round-trip a source and refuse any change to it or its signature", () => {
    const token = imageToken(`${origin}/cover.png`);
    expect(verifyImageToken(token)).toBe(`${origin}/cover.png`);
    const [encoded, signature] = token.split(".") as [string, string];
    const other = Buffer.from("http://169.254.169.254/latest/meta-data").toString("base64url");
    expect(verifyImageToken(`${other}.${signature}`)).toBeNull();
    // Its last character changed (to one it is not: the origin's port, and so the signature, differs each run).
    const changed = signature.endsWith("A") ? "B" : "A";
    expect(verifyImageToken(`${encoded}.${signature.slice(0, -1)}${changed}`)).toBeNull();
    expect(verifyImageToken(encoded)).toBeNull();
    expect(verifyImageToken(`${encoded}.`)).toBeNull();
    expect(verifyImageToken("")).toBeNull();
  });

  it("are never made for a non-web source", () => {
    for (const src of ["file:///etc/passwd", "javascript:alert(1)", "//evil.example/x.png", "http://u:p@host/x.png"]) {
      expect(responsiveImage({ src, alt: "", width: 100, height: 100 })).toBeNull();
    }
  });

  it("list AVIF and WebP at the endpoint's widths up to the source's own, with sizes and the real size", () => {
    const image = responsiveImage({ src: `${origin}/cover.png`, alt: "Moon", width: 1200, height: 675 });
    expect(image?.width).toBe(1200);
    expect(image?.height).toBe(675);
    expect(image?.sizes).toBe(HERO_SIZES);
    expect(image?.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    const widths = image?.sources[0]?.srcSet.split(", ").map((c) => c.split(" ")[1]);
    expect(widths).toEqual(["160w", "320w", "480w", "640w", "768w", "1024w", "1200w"]);
    expect(image?.src).toMatch(/\/640\.jpg$/);
    // A small source is never enlarged: its largest candidate says its own width.
    const small = responsiveImage({ src: `${origin}/cover.png`, alt: "", width: 300, height: 169 });
    expect(small?.sources[1]?.srcSet).toMatch(/160\.webp 160w, \S+\/320\.webp 300w$/);
  });

  it("name only the widths and formats the endpoint makes", () => {
    expect(parseImageFile("640.avif")).toEqual({ width: 640, format: "avif" });
    expect(parseImageFile("320.jpg")).toEqual({ width: 320, format: "jpeg" });
    for (const bad of ["641.avif", "640.png", "640.jpeg", "99999.webp", "../640.avif", "640.avif.gz", ""]) {
      expect(parseImageFile(bad)).toBeNull();
    }
  });
});

describe("the image endpoint's renditions", () => {
  const service = () => createImageService(createDiskCache(dir, 10 * 1024 * 1024));

  it("resize and re-encode a signed remote source, fetched once and then served from the disk cache", async () => {
    const images = service();
    const token = imageToken(`${origin}/cover.png`);
    const avif = await images.rendition(token, "320.avif");
    expect(avif.type).toBe("image/avif");
    const meta = await sharp(avif.body).metadata();
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(180);
    const webp = await images.rendition(token, "1280.webp");
    expect(webp.type).toBe("image/webp");
    expect((await sharp(webp.body).metadata()).width).toBe(1200); // never enlarged
    const jpeg = await images.rendition(token, "640.jpg");
    expect(jpeg.type).toBe("image/jpeg");
    expect(hits.get("/cover.png")).toBe(1);
    // A new process (a fresh service) on the same folder fetches nothing.
    await service().rendition(token, "320.avif");
    expect(hits.get("/cover.png")).toBe(1);
  });

  it("follow a redirect within the source's origin only", async () => {
    const images = service();
    await expect(images.rendition(imageToken(`${origin}/moved.png`), "160.webp")).resolves.toMatchObject({
      type: "image/webp",
    });
    await expect(images.rendition(imageToken(`${origin}/away.png`), "160.webp")).rejects.toMatchObject({
      status: 502,
    });
  });

  it("answer 404 for unsigned or tampered tokens and unknown sizes, 502 for a source that is not an image", async () => {
    const images = service();
    const status = (token: string, file: string) =>
      images.rendition(token, file).then(
        () => 200,
        (error: ImageError) => error.status,
      );
    const good = imageToken(`${origin}/cover.png`);
    expect(await status("bm90LXNpZ25lZA.AAAAAAAAAAAAAAAAAAAAAA", "320.avif")).toBe(404);
    expect(await status(good, "333.avif")).toBe(404);
    expect(await status(good, "320.gif")).toBe(404);
    expect(await status(imageToken(`${origin}/page.html`), "320.avif")).toBe(502);
    expect(await status(imageToken(`${origin}/junk.png`), "320.avif")).toBe(502);
    expect(await status(imageToken(`${origin}/huge.png`), "320.avif")).toBe(502);
    expect(await status(imageToken(`${origin}/missing.png`), "320.avif")).toBe(502);
    expect(await status(imageToken("http://127.0.0.1:9/nothing-listens.png"), "320.avif")).toBe(502);
  });

  it("make a small inline preview, and do not wait again on a source that failed", async () => {
    const images = service();
    const preview = await images.preview(`${origin}/cover.png`);
    expect(preview).toMatch(/^data:image\/webp;base64,/);
    const bytes = Buffer.from(preview?.split(",")[1] ?? "", "base64");
    expect((await sharp(bytes).metadata()).width).toBe(160);
    expect(bytes.length).toBeLessThan(2048);
    const before = hits.get("/page.html") ?? 0;
    expect(await images.preview(`${origin}/page.html`)).toBeNull();
    expect(await images.preview(`${origin}/page.html`)).toBeNull();
    expect((hits.get("/page.html") ?? 0) - before).toBe(1);
  });

  it("a WordPress whose uploads fail: the failure is the answer for FAILURE_RETRY_MS, then the image is fetched again", async () => {
    const wp = await startWordPressServer({ mode: "broken-uploads" });
    try {
      let clock = Date.now();
      const images = createImageService(createDiskCache(dir, 10 * 1024 * 1024), { now: () => clock });
      const source = `${wp.origin}/wp-content/uploads/2024/10/broken-cover-1200x675.png`;
      const token = imageToken(source);
      const fetches = () => wp.requests.filter((line) => line.endsWith("/broken-cover-1200x675.png")).length;
      const status = (file: string) =>
        images.rendition(token, file).then(
          () => 200,
          (error: ImageError) => error.status,
        );

      expect(await status("320.avif")).toBe(502);
      expect(fetches()).toBe(1);
      // Other widths and formats, the preview, the same one again: the upstream is not asked again.
      expect(await status("640.webp")).toBe(502);
      expect(await status("320.avif")).toBe(502);
      expect(await images.preview(source)).toBeNull();
      expect(fetches()).toBe(1);

      // WordPress serves its uploads again; within the window the failure still answers.
      wp.setMode("healthy");
      clock += FAILURE_RETRY_MS - 1_000;
      expect(await status("320.avif")).toBe(502);
      expect(fetches()).toBe(1);

      // Past it, one request tries again, and from then on the image is served (fetched once).
      clock += 2_000;
      expect(await status("320.avif")).toBe(200);
      expect(await status("640.webp")).toBe(200);
      expect(await images.preview(source)).toMatch(/^data:image\/webp;base64,/);
      expect(fetches()).toBe(2);
    } finally {
      await wp.close();
    }
  });

  it("read our own images from the public folder only", async () => {
    const images = service();
    await expect(images.rendition(imageToken("/og-image.png"), "160.webp")).resolves.toMatchObject({
      type: "image/webp",
    });
    await expect(images.rendition(imageToken("/../package.json"), "160.webp")).rejects.toBeInstanceOf(ImageError);
  });
});

describe("the disk cache", () => {
  it("stays under its bound, dropping the least recently used files first", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "hs-images-bound-"));
    try {
      const cache = createDiskCache(folder, 2500);
      await cache.set("a", Buffer.alloc(1000));
      await cache.set("b", Buffer.alloc(1000));
      expect(await cache.get("a")).not.toBeNull(); // a is now the most recent
      await cache.set("c", Buffer.alloc(1000));
      expect(cache.size()).toBeLessThanOrEqual(2500);
      expect((await readdir(folder)).sort()).toEqual(["a", "c"]);
      await cache.set("too-big", Buffer.alloc(3000));
      expect(await cache.get("too-big")).toBeNull();
      expect(await cache.get("../escape")).toBeNull();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
