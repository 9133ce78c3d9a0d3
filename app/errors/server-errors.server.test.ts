import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { errorGroupPage, listErrorGroups } from "~/admin/error-groups.server";
import { prisma } from "~/db.server";
import { isClientRefusal, pagePath, recordServerError, SERVER_ERRORS_PER_MINUTE } from "./server-errors.server";

const request = (path: string, init: RequestInit = {}) =>
  new Request(`http://horror.test${path}`, { headers: { "User-Agent": "UnitTest/1.0" }, ...init });

// Each test starts its own minute, so the budget of one does not leak into the next.
let clock = Date.parse("2026-11-25T09:00:00Z");
const nextMinute = () => {
  clock += 120_000;
  return clock;
};

describe("the server's errors in the error log", () => {
  beforeEach(async () => {
    await prisma.errorLog.deleteMany();
    await prisma.errorGroupStatus.deleteMany();
  });

  it("stores an exception with its route (no query string), method and source, under an id the log accepts", async () => {
    const id = await recordServerError(
      new TypeError("Cannot read properties of undefined"),
      request("/story/the-well?token=secret", { method: "POST" }),
      nextMinute(),
    );
    expect(id).toMatch(/^err_\d+_s[0-9a-f]{12}$/);
    const row = await prisma.errorLog.findUniqueOrThrow({ where: { id: id ?? "" } });
    expect(row).toMatchObject({
      message: "TypeError: Cannot read properties of undefined",
      url: "/story/the-well",
      source: "server",
      userAgent: "UnitTest/1.0",
    });
    expect(row.stack).toContain("TypeError");
    expect(JSON.parse(row.context ?? "{}")).toEqual({ method: "POST" });
  });

  it("files a client-side data request under its page", () => {
    expect(pagePath(request("/contact.data?_routes=routes/contact"))).toBe("/contact");
    expect(pagePath(request("/_root.data"))).toBe("/");
    expect(pagePath(request("/story/the-well"))).toBe("/story/the-well");
  });

  it("stores each error object once, and never a Response, a route error or an aborted request", async () => {
    const now = nextMinute();
    const error = new Error("database is locked");
    expect(await recordServerError(error, request("/a"), now)).not.toBeNull();
    expect(await recordServerError(error, request("/a"), now)).toBeNull();
    expect(await recordServerError(new Response("no", { status: 404 }), request("/b"), now)).toBeNull();
    const aborted = new AbortController();
    aborted.abort();
    expect(await recordServerError(new Error("gone"), request("/c", { signal: aborted.signal }), now)).toBeNull();
    expect(await prisma.errorLog.count()).toBe(1);
  });

  // The two budget tests write over 120 rows one after another (the shared counter and the
  // record): on a busy machine that takes longer than Vitest's 5 s.
  it("keeps to its budget a minute, so a flood of errors cannot flood the database", async () => {
    const now = nextMinute();
    for (let i = 0; i < SERVER_ERRORS_PER_MINUTE + 5; i++)
      await recordServerError(new Error(`boom ${i % 3}`), request("/x"), now);
    expect(await prisma.errorLog.count()).toBe(SERVER_ERRORS_PER_MINUTE);
    expect(await recordServerError(new Error("later"), request("/x"), now + 60_000)).not.toBeNull();
  }, 30_000);

  it("keeps to one budget across the server processes on the database, not one each", async () => {
    const now = nextMinute();
    // A second copy of the module is a second process's: its own count, the same database.
    vi.resetModules();
    const other = await import("./server-errors.server");
    const half = SERVER_ERRORS_PER_MINUTE / 2 + 10;
    for (let i = 0; i < half; i++) {
      await recordServerError(new Error(`first ${i}`), request("/x"), now);
      await other.recordServerError(new Error(`second ${i}`), request("/x"), now);
    }
    expect(await prisma.errorLog.count()).toBe(SERVER_ERRORS_PER_MINUTE);
  }, 30_000);

  it("groups server errors by message and route beside the browsers', filtered by source", async () => {
    const now = nextMinute();
    await recordServerError(new Error("same"), request("/story/a"), now);
    await recordServerError(new Error("same"), request("/story/a?x=1"), now + 1000);
    await prisma.errorLog.create({
      data: { id: "err_1_browser", timestamp: new Date(now), message: "Error: same", url: "https://h.test/story/a" },
    });
    const groups = await listErrorGroups();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ message: "Error: same", route: "/story/a", count: 3 });
    expect([...(groups[0]?.sources ?? [])].sort()).toEqual(["browser", "server"]);
    expect(errorGroupPage(groups, new Request("http://x/admin/bug-reports?esource=server")).total).toBe(1);
    expect(errorGroupPage(groups, new Request("http://x/admin/bug-reports?eq=nothing-like-it")).total).toBe(0);
  });
});

// Audit b, defect 4: each of these wrote a React Router stack trace of 17 lines to the log.
describe("a refused request is the client's doing, not the server's failure", () => {
  const evil = { Origin: "https://evil.example" };

  it("is a 4xx error response React Router answers by itself, not a 5xx", () => {
    const post = request("/about", { method: "POST" });
    expect(isClientRefusal(new ErrorResponse(405, "Method Not Allowed", new Error("no action"), true), post)).toBe(
      true,
    );
    expect(isClientRefusal(new ErrorResponse(404, "Not Found", new Error("no route"), true), post)).toBe(true);
    expect(isClientRefusal(new ErrorResponse(500, "Server Error", new Error("boom"), true), post)).toBe(false);
  });

  it("is React Router's refusal of an action with another site's Origin, and nothing else", () => {
    const aborting = new Error(
      "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
    );
    expect(isClientRefusal(aborting, request("/auth", { method: "POST", headers: evil }))).toBe(true);
    expect(isClientRefusal(new Error("Bad Request"), request("/auth.data", { method: "POST", headers: evil }))).toBe(
      true,
    );
    // The same words on a GET, or without an Origin, are no such refusal; a real failure never is.
    expect(isClientRefusal(aborting, request("/auth", { headers: evil }))).toBe(false);
    expect(isClientRefusal(new Error("Bad Request"), request("/auth.data", { method: "POST" }))).toBe(false);
    expect(isClientRefusal(new TypeError("x is undefined"), request("/auth", { method: "POST", headers: evil }))).toBe(
      false,
    );
  });

  it("is not stored in the error log", async () => {
    const before = await prisma.errorLog.count();
    const refused = new ErrorResponse(405, "Method Not Allowed", new Error("no action"), true);
    expect(await recordServerError(refused, request("/about", { method: "POST" }), nextMinute())).toBeNull();
    const aborting = new Error("`origin` header is not a valid URL. Aborting the action.");
    expect(
      await recordServerError(aborting, request("/auth", { method: "POST", headers: { Origin: "::" } }), nextMinute()),
    ).toBeNull();
    expect(await prisma.errorLog.count()).toBe(before);
  });
});
