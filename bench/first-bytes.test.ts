import { brotliCompressSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bytesToDecode, decodePrefix, documentParts, firstHeadingOffset } from "./first-bytes";

// A head worth compressing, then the story.
const head = `<!DOCTYPE html><html><head><style>${Array.from({ length: 200 }, (_, i) => `.c${i}{margin:${i}px}`).join("")}</style></head><body>`;
const html = Buffer.from(
  `${head}<header class="site-header">x</header><main><article><h1>The Doll Hospital</h1><p>${"Text. ".repeat(500)}</p></article></main></body></html>`,
);

describe("firstHeadingOffset", () => {
  it("finds the first <h1 inside <main>, not one before it", () => {
    const page = Buffer.from("<h1>site</h1><main><h2>x</h2><h1>story</h1></main>");
    expect(firstHeadingOffset(page)).toEqual({ offset: page.indexOf("<h1>story"), element: "h1" });
  });
  it("takes main's first heading when it has no h1", () => {
    const page = Buffer.from("<main><p>x</p><h2>list</h2></main>");
    expect(firstHeadingOffset(page)).toEqual({ offset: page.indexOf("<h2>"), element: "h2" });
  });
});

describe("bytesToDecode", () => {
  for (const [encoding, body] of [
    ["gzip", gzipSync(html)],
    ["br", brotliCompressSync(html)],
  ] as const) {
    it(`${encoding}: the shortest prefix of the body that decodes past the heading's first byte`, () => {
      const offset = firstHeadingOffset(html).offset;
      const needed = bytesToDecode(body, encoding, offset + 1);
      expect(decodePrefix(body.subarray(0, needed), encoding).length).toBeGreaterThan(offset);
      expect(decodePrefix(body.subarray(0, needed - 1), encoding).length).toBeLessThanOrEqual(offset);
      // More than the compressed head on its own, less than the whole body.
      expect(needed).toBeLessThan(body.length);
      expect(decodePrefix(body, encoding).equals(html)).toBe(true);
    });
  }
});

describe("documentParts", () => {
  it("measures the parts of issue 45's table", () => {
    const parts = Object.fromEntries(documentParts(html.toString()).map((p) => [p.part, p.raw]));
    expect(parts["whole document"]).toBe(html.length);
    expect(parts["everything before the first heading of <main>"]).toBe(html.indexOf("<h1>"));
    expect(parts["site header markup"]).toBe('<header class="site-header">x</header>'.length);
    expect(parts["inline <style> elements in <head>"]).toBeGreaterThan(3000);
  });
});
