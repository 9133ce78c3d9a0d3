// The WordPress test server's modes, its control endpoint and its life as a process, over real
// HTTP on loopback (the REST shapes: wordpress-server.test.ts).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { servedWordPress } from "./wordpress/served.ts";
import { startWordPressServer, WP_POSTS } from "./wordpress-server.ts";

const { wp, get, json, withMode } = servedWordPress();

describe("modes", () => {
  it("hang: accepts the request and never answers", async () => {
    await withMode("hang", async () => {
      await expect(get("posts", { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    });
    expect((await get("posts")).status).toBe(200);
  });

  it("error500: a WordPress critical error in JSON", async () => {
    await withMode("error500", async () => {
      const { response, body } = await json<{ code: string; data: unknown }>("posts");
      expect(response.status).toBe(500);
      expect(response.headers.get("content-type")).toBe("application/json; charset=UTF-8");
      expect(body.code).toBe("internal_server_error");
      expect(body.data).toEqual({ status: 500 });
    });
  });

  it("html: 200 with an HTML error page", async () => {
    await withMode("html", async () => {
      const response = await get("posts?per_page=10");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8");
      const text = await response.text();
      expect(text).toContain("<html");
      expect(() => JSON.parse(text)).toThrow();
    });
  });

  it("invalid-items: some items break the post shape, the rest are valid", async () => {
    await withMode("invalid-items", async () => {
      const full = await json<Record<string, unknown>[]>("posts?per_page=10");
      expect(full.response.status).toBe(200);
      expect(full.response.headers.get("x-wp-total")).toBe("24");
      expect(full.body).toHaveLength(10);
      expect(full.body.some((item) => item.id === "abc")).toBe(true);
      expect(full.body.some((item) => !("title" in item))).toBe(true);
      expect(full.body.some((item) => typeof (item.content as { rendered?: unknown })?.rendered === "number")).toBe(
        true,
      );
      expect(
        full.body.filter((item) => WP_POSTS.some((post) => JSON.stringify(post) === JSON.stringify(item))).length,
      ).toBeGreaterThan(3);
      const trimmed = await json<Record<string, unknown>[]>(
        "posts?per_page=10&_fields=id,date,title,excerpt,slug,featured_media",
      );
      expect(trimmed.body.some((item) => typeof (item.excerpt as { rendered?: unknown })?.rendered === "number")).toBe(
        true,
      );
    });
  });

  it("object: a JSON object instead of a list", async () => {
    await withMode("object", async () => {
      const { response, body } = await json<{ posts: unknown[] }>("posts");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=UTF-8");
      expect(Array.isArray(body)).toBe(false);
      expect(body.posts).toHaveLength(10);
    });
  });

  it("empty: no posts at all", async () => {
    await withMode("empty", async () => {
      const { response, body } = await json("posts?page=1&per_page=10");
      expect(response.status).toBe(200);
      expect(body).toEqual([]);
      expect(response.headers.get("x-wp-total")).toBe("0");
      expect(response.headers.get("x-wp-totalpages")).toBe("0");
      expect((await get("posts/53")).status).toBe(404);
    });
  });
});

describe("control endpoint and lifecycle", () => {
  it("switches modes from another process's point of view", async () => {
    const control = `${wp.server.origin}/__control/mode`;
    expect(await (await fetch(control)).text()).toBe("healthy");
    const set = (mode: string) =>
      fetch(control, { method: "POST", headers: { "content-type": "text/plain" }, body: mode });
    expect((await set("hang")).status).toBe(204);
    expect(await (await fetch(control)).text()).toBe("hang");
    await expect(get("posts", { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await set("bogus")).status).toBe(400);
    expect((await set("empty")).status).toBe(204);
    expect(await (await get("posts")).json()).toEqual([]);
    expect((await set("healthy")).status).toBe(204);
  });

  it("records every request in order", async () => {
    const before = wp.server.requests.length;
    await get("posts?page=1&per_page=10");
    await get("categories?_fields=id,name,slug,count");
    expect(wp.server.requests.slice(before)).toEqual([
      "GET /wp-json/wp/v2/posts?page=1&per_page=10",
      "GET /wp-json/wp/v2/categories?_fields=id,name,slug,count",
    ]);
  });

  it("closes promptly while a request hangs", async () => {
    const other = await startWordPressServer({ port: 0, mode: "hang" });
    const hung = fetch(`${other.wpUrl}/wp-json/wp/v2/posts`).then(
      () => "answered",
      () => "failed",
    );
    while (other.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await hung).toBe("failed");
  });

  it("runs as a command and stops on SIGTERM", async () => {
    const file = fileURLToPath(new URL("./wordpress-server.ts", import.meta.url));
    const child = spawn(process.execPath, [file, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const [chunk] = (await once(child.stdout, "data")) as [Buffer];
      const origin = /wordpress test server on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString())?.[1];
      expect(origin).toBeDefined();
      const response = await fetch(`${origin}/wp-json/wp/v2/posts?per_page=1&_fields=id`);
      expect(await response.json()).toEqual([{ id: 53 }]);
    } finally {
      child.kill("SIGTERM");
    }
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });
});
