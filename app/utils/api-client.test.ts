// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiRequestError, apiRequest, csrfToken, postJson, sendJson } from "./api-client";

// The helper talks to a real HTTP server on loopback, the page's origin in
// this test: it records what it was sent and answers as each test sets it up.
type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
let seen: Seen[] = [];
/** How the token endpoint answers the next calls: "ok" or a status to fail with. */
let tokenAnswers: (number | "ok")[] = [];
/** Failures still to come on /flaky before it answers 200. */
let flaky = { status: 500, left: 0 };
let site: Server;
let origin: string;

function answer(res: ServerResponse, status: number, body: unknown, type = "application/json") {
  res.writeHead(status, { "Content-Type": type });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

beforeAll(async () => {
  site = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = req.url ?? "/";
      seen.push({ method: req.method ?? "GET", url, headers: req.headers, body });
      if (url === "/api/csrf-token") {
        const next = tokenAnswers.shift() ?? "ok";
        if (next === "ok") answer(res, 200, { csrfToken: `token-${seen.length}` });
        else answer(res, next, { message: "down" });
      } else if (url === "/api/health") answer(res, 200, { status: "ok" });
      else if (url === "/echo") answer(res, 200, { method: req.method, body });
      else if (url === "/text") answer(res, 200, "plain words", "text/plain; charset=utf-8");
      else if (url === "/empty") res.writeHead(204).end();
      else if (url.startsWith("/status/")) {
        const parsed = new URL(url, "http://x");
        const status = Number(parsed.pathname.split("/")[2]);
        const kind = parsed.searchParams.get("body");
        if (kind === "error") answer(res, status, { error: "From error", message: "From message" });
        else if (kind === "message") answer(res, status, { message: "From message" });
        else answer(res, status, "<html>broken</html>", "text/html");
      } else if (url === "/flaky") {
        if (flaky.left > 0) {
          flaky.left -= 1;
          answer(res, flaky.status, { message: "not now" });
        } else answer(res, 200, { fine: true });
      } else if (url === "/drop") req.socket.destroy();
      else answer(res, 404, { message: "No such thing" });
    });
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
});
afterAll(() => new Promise((resolve) => site.close(resolve)));
beforeEach(async () => {
  seen = [];
  tokenAnswers = [];
  flaky = { status: 500, left: 0 };
  // A fresh token for each test (the helper keeps one per page life).
  await csrfToken(true);
  seen = [];
});

describe("apiRequest (spec §7 request helper rules)", () => {
  it("sends a plain value as JSON with the CSRF token, and parses the JSON answer", async () => {
    const data = await apiRequest<{ method: string; body: string }>("/echo", { method: "POST", body: { a: 1 } });
    expect(data).toEqual({ method: "POST", body: '{"a":1}' });
    const post = seen.find((s) => s.url === "/echo");
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(post?.headers["x-csrf-token"]).toMatch(/^token-/);
  });

  it("sends a form body as it is", async () => {
    const form = new URLSearchParams({ name: "Ada", note: "a&b" });
    const data = await apiRequest<{ body: string }>("/echo", { method: "POST", body: form });
    expect(data.body).toBe("name=Ada&note=a%26b");
    expect(seen.find((s) => s.url === "/echo")?.headers["content-type"]).toContain("application/x-www-form-urlencoded");
  });

  it("asks for no token on GET, and parses text by the content type", async () => {
    expect(await apiRequest("/text")).toBe("plain words");
    expect(await apiRequest("/empty")).toBeNull();
    expect(seen.map((s) => s.url)).toEqual(["/text", "/empty"]);
    expect(seen[0]?.headers["x-csrf-token"]).toBeUndefined();
  });

  it("gets the token once per page life", async () => {
    await apiRequest("/echo", { method: "POST", body: {} });
    await apiRequest("/echo", { method: "DELETE" });
    expect(seen.filter((s) => s.url === "/api/csrf-token")).toHaveLength(0);
  });

  it("when the token call fails, asks /api/health and tries the token once more", async () => {
    tokenAnswers = [503, "ok"];
    const token = await csrfToken(true);
    expect(seen.map((s) => s.url)).toEqual(["/api/csrf-token", "/api/health", "/api/csrf-token"]);
    await apiRequest("/echo", { method: "POST", body: {} });
    expect(seen.at(-1)?.headers["x-csrf-token"]).toBe(token);
  });

  it("sends the request without the token when the token cannot be had at all", async () => {
    tokenAnswers = [500, 500, 500, 500];
    await csrfToken(true).catch(() => null);
    seen = [];
    tokenAnswers = [500, 500];
    const data = await apiRequest<{ method: string }>("/echo", { method: "POST", body: {} });
    expect(data.method).toBe("POST");
    expect(seen.map((s) => s.url)).toEqual(["/api/csrf-token", "/api/health", "/api/csrf-token", "/echo"]);
    expect(seen.at(-1)?.headers["x-csrf-token"]).toBeUndefined();
  });

  it.each([
    [401, "UNAUTHORIZED"],
    [403, "FORBIDDEN"],
    [404, "NOT_FOUND"],
    [400, "VALIDATION_ERROR"],
    [422, "VALIDATION_ERROR"],
    [500, "SERVER_ERROR"],
    [502, "SERVER_ERROR"],
    [409, "CLIENT_ERROR"],
    [429, "CLIENT_ERROR"],
  ] as const)("status %i rejects with %s", async (status, code) => {
    const error = await apiRequest(`/status/${status}?body=message`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status, code, message: "From message", data: { message: "From message" } });
  });

  it("takes the message from error, then message, else HTTP Error {status}", async () => {
    await expect(apiRequest("/status/418?body=error")).rejects.toMatchObject({ message: "From error" });
    await expect(apiRequest("/status/502")).rejects.toMatchObject({
      message: "HTTP Error 502",
      data: "<html>broken</html>",
    });
  });

  it("a dropped connection is NETWORK_ERROR with the spec's message", async () => {
    await expect(apiRequest("/drop")).rejects.toMatchObject({
      status: 0,
      code: "NETWORK_ERROR",
      message: "Network error: Cannot connect to server. Please check your internet connection.",
    });
  });

  it("no URL is INVALID_REQUEST, and nothing is sent", async () => {
    await expect(apiRequest("")).rejects.toMatchObject({ code: "INVALID_REQUEST", message: "API URL is required" });
    expect(seen).toEqual([]);
  });

  it("a 403 on a non-GET request is tried once more with a fresh token", async () => {
    const error = await apiRequest("/status/403?body=message", { method: "POST", body: {} }).catch((e) => e);
    expect(error).toMatchObject({ code: "FORBIDDEN" });
    expect(seen.map((s) => s.url)).toEqual(["/status/403?body=message", "/api/csrf-token", "/status/403?body=message"]);
  });

  it("sendJson and postJson answer with a result instead of throwing", async () => {
    expect(await postJson("/echo", { b: 2 })).toEqual({
      ok: true,
      status: 200,
      data: { method: "POST", body: '{"b":2}' },
    });
    expect(await sendJson("DELETE", "/status/404?body=message")).toEqual({
      ok: false,
      status: 404,
      code: "NOT_FOUND",
      message: "From message",
    });
  });
});
