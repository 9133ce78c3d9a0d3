import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache } from "./http-cache";
import { renderGate, rendersPage } from "./render-gate";

/** An app whose renders each wait until the test lets them answer. */
function renderingApp(gate: ReturnType<typeof renderGate>) {
  const arrived: string[] = [];
  const pending = new Map<string, () => void>();
  const app = express();
  app.use(gate);
  app.use((req, res) => {
    const name = req.url;
    arrived.push(`${req.method} ${name}`);
    pending.set(name, () =>
      res
        .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=60" })
        .send(`<p>${name}</p>`),
    );
  });
  return { app, arrived, pending };
}

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Waits for a condition the server reaches on its own time (no fixed sleep). */
async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe("renderGate", () => {
  it("lets its slots of renders run at once, the others in the order they came", async () => {
    const gate = renderGate({ slots: 2 });
    const { app, arrived, pending } = renderingApp(gate);
    const url = await listen(app);
    const answers: Promise<Response>[] = [];
    for (const name of ["a", "b", "c", "d", "e"]) {
      answers.push(fetch(`${url}/${name}`));
      // Each request reaches the server before the next is sent: their order is known.
      await until(() => gate.running + gate.waiting === answers.length);
    }
    expect(arrived).toEqual(["GET /a", "GET /b"]);
    expect([gate.running, gate.waiting]).toEqual([2, 3]);
    pending.get("/b")?.();
    await until(() => arrived.length === 3);
    expect(arrived[2]).toBe("GET /c");
    pending.get("/a")?.();
    pending.get("/c")?.();
    await until(() => arrived.length === 5);
    expect(arrived.slice(3)).toEqual(["GET /d", "GET /e"]);
    expect(gate.running).toBe(2);
    pending.get("/d")?.();
    pending.get("/e")?.();
    const texts = await Promise.all(answers.map(async (answer) => (await answer).text()));
    expect(texts).toEqual(["<p>/a</p>", "<p>/b</p>", "<p>/c</p>", "<p>/d</p>", "<p>/e</p>"]);
    await until(() => gate.running === 0 && gate.waiting === 0);
  });

  it("answers 503 with a Retry-After to a request that waited too long, and the queue goes on", async () => {
    const gate = renderGate({ slots: 1, maxWaitMs: 50, retryAfterSeconds: 7 });
    const { app, arrived, pending } = renderingApp(gate);
    const url = await listen(app);
    const first = fetch(`${url}/first`);
    await until(() => gate.running === 1);
    const late = await fetch(`${url}/late`);
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("7");
    expect(late.headers.get("cache-control")).toBe("no-store");
    expect(await late.text()).toBe("Our service is temporarily unavailable.\n");
    expect(gate.waiting).toBe(0);
    pending.get("/first")?.();
    expect((await first).status).toBe(200);
    const next = fetch(`${url}/next`);
    await until(() => arrived.includes("GET /next"));
    pending.get("/next")?.();
    expect((await next).status).toBe(200);
    expect(arrived).toEqual(["GET /first", "GET /next"]);
  });

  it("gives the place of a reader who left while waiting to the next", async () => {
    const gate = renderGate({ slots: 1 });
    const { app, arrived, pending } = renderingApp(gate);
    const url = await listen(app);
    const first = fetch(`${url}/first`);
    await until(() => gate.running === 1);
    const leaving = new AbortController();
    const gone = fetch(`${url}/gone`, { signal: leaving.signal }).catch(() => "left");
    await until(() => gate.waiting === 1);
    leaving.abort();
    expect(await gone).toBe("left");
    await until(() => gate.waiting === 0);
    const third = fetch(`${url}/third`);
    await until(() => gate.waiting === 1);
    pending.get("/first")?.();
    await until(() => arrived.length === 2);
    pending.get("/third")?.();
    await Promise.all([first, third]);
    expect(arrived).toEqual(["GET /first", "GET /third"]);
  });

  it("never holds up writes, the JSON API, images or event streams", async () => {
    const gate = renderGate({ slots: 1 });
    const { app, arrived, pending } = renderingApp(gate);
    const url = await listen(app);
    const busy = fetch(`${url}/busy`);
    await until(() => gate.running === 1);
    const others = [
      fetch(`${url}/form`, { method: "POST", body: "a=1" }),
      fetch(`${url}/api/health`),
      fetch(`${url}/img/token/640.webp`),
      fetch(`${url}/admin/wordpress-sync/progress`, { headers: { accept: "text/event-stream" } }),
    ];
    await until(() => arrived.length === 5);
    expect(gate.waiting).toBe(0);
    for (const answer of pending.values()) answer();
    await Promise.all([busy, ...others]);
  });

  it("keeps a page the page cache answers out of the queue", async () => {
    const gate = renderGate({ slots: 1 });
    const { app, arrived, pending } = renderingApp(gate);
    const cache = createPageCache({ admitAfter: 1 });
    const url = await listen((req, res) => cache.handle(req, res, app));
    const render = fetch(`${url}/kept`);
    await until(() => arrived.length === 1);
    pending.get("/kept")?.();
    await (await render).text();
    await until(() => cache.size() === 1);
    // Every slot taken by a render that does not end, and one more reader waiting.
    const busy = fetch(`${url}/busy`, { headers: { cookie: "session=1" } });
    await until(() => gate.running === 1);
    const queued = fetch(`${url}/queued`, { headers: { cookie: "session=2" } });
    await until(() => gate.waiting === 1);
    const kept = await fetch(`${url}/kept`);
    expect(await kept.text()).toBe("<p>/kept</p>");
    expect(arrived).toEqual(["GET /kept", "GET /busy"]);
    pending.get("/busy")?.();
    await until(() => arrived.length === 3);
    pending.get("/queued")?.();
    await Promise.all([busy, queued]);
  });
});

describe("rendersPage", () => {
  const request = (method: string, url: string, accept = "text/html") =>
    ({ method, url, headers: { accept } }) as unknown as IncomingMessage;
  it("is a read of a page or its data, not the API, an image or an event stream", () => {
    expect(rendersPage(request("GET", "/bookmarks"))).toBe(true);
    expect(rendersPage(request("HEAD", "/story/a?x=1"))).toBe(true);
    expect(rendersPage(request("GET", "/story/a.data", "*/*"))).toBe(true);
    expect(rendersPage(request("POST", "/bookmarks"))).toBe(false);
    expect(rendersPage(request("GET", "/api/posts"))).toBe(false);
    expect(rendersPage(request("GET", "/img/abc/640.webp"))).toBe(false);
    expect(rendersPage(request("GET", "/admin/wordpress-sync/progress", "text/event-stream"))).toBe(false);
  });
});
