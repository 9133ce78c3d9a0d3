import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedFiles, preferredEncoding } from "./precompressed";

describe("preferredEncoding", () => {
  it("takes brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe("precompressedFiles", () => {
  const script = `console.log(${JSON.stringify("The landline in the hall has not been connected since 1998. ".repeat(50))});`;
  let dir: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "precompressed-"));
    writeFileSync(path.join(dir, "app-1.js"), script);
    writeFileSync(path.join(dir, "app-1.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(dir, "app-1.js.gz"), gzipSync(script));
    writeFileSync(path.join(dir, "plain-2.js"), script);
    const app = express();
    app.use(compression());
    app.use("/assets", precompressedFiles(dir), express.static(dir, { immutable: true, maxAge: "1y" }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding: string) =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    });

  it("sends the build's brotli or gzip copy with the file's own type", async () => {
    for (const [accept, encoding, copy] of [
      ["gzip, deflate, br", "br", brotliCompressSync(script)],
      ["gzip", "gzip", gzipSync(script)],
    ] as const) {
      const response = await get(`${origin}/assets/app-1.js?v=1`, accept);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.body.equals(copy)).toBe(true);
    }
  });

  it("sends the file itself without an accepted encoding, and leaves files without copies to compression()", async () => {
    const plain = await get(`${origin}/assets/app-1.js`, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const other = await get(`${origin}/assets/plain-2.js`, "br");
    expect(other.headers["content-encoding"]).toBe("br");
    expect(other.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });
});
