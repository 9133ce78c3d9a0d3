import { describe, expect, it } from "vitest";
import { SESSION_CACHE_CONTROL, sessionCacheControl } from "./private-responses.server";

describe("sessionCacheControl", () => {
  it("is private and no-store whatever the route said", () => {
    expect(sessionCacheControl(null)).toBe(SESSION_CACHE_CONTROL);
    expect(sessionCacheControl("private, no-cache")).toBe("private, no-store");
    expect(sessionCacheControl("public, max-age=60, stale-while-revalidate=600")).toBe("private, no-store");
    expect(sessionCacheControl("no-store")).toBe("private, no-store");
  });

  it("keeps the directives that say nothing about storing (an event stream's no-transform)", () => {
    expect(sessionCacheControl("no-cache, no-transform")).toBe("private, no-store, no-transform");
  });
});
