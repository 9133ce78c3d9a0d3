import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { type RequestHandlerOptions, routerHandler } from "./request-handler";

function options(mode: string, build: () => Promise<ServerBuild>): RequestHandlerOptions {
  return {
    build,
    mode,
    origin: () => "http://localhost",
    loadContext: () => {
      throw new Error("not used");
    },
    security: {} as RequestHandlerOptions["security"],
  };
}

/** A build that counts its loads; `failFirst` makes the first load fail. */
function countingBuild({ failFirst = false } = {}) {
  const counter = { loads: 0 };
  const build = async () => {
    counter.loads++;
    if (failFirst && counter.loads === 1) throw new Error("not built");
    return {} as ServerBuild;
  };
  return { counter, build };
}

describe("routerHandler", () => {
  it("in production loads the build once and keeps one handler for every request", async () => {
    const { counter, build } = countingBuild();
    const handler = routerHandler(options("production", build));
    const [first, second, third] = await Promise.all([handler(), handler(), handler()]);
    expect(counter.loads).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it("in production tries the build again after a load that failed", async () => {
    const { counter, build } = countingBuild({ failFirst: true });
    const handler = routerHandler(options("production", build));
    await expect(handler()).rejects.toThrow("not built");
    await expect(handler()).resolves.toBeTypeOf("function");
    expect(counter.loads).toBe(2);
  });

  it("in development leaves the loading to React Router, which reloads the build on every request", async () => {
    const { counter, build } = countingBuild();
    const handler = routerHandler(options("development", build));
    expect(await handler()).toBe(await handler());
    expect(counter.loads).toBe(0);
  });
});
