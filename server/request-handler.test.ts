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

describe("routerHandler", () => {
  it("in production loads the build once and keeps one handler for every request", async () => {
    let loads = 0;
    const handler = routerHandler(
      options("production", async () => {
        loads++;
        return {} as ServerBuild;
      }),
    );
    const [first, second, third] = await Promise.all([handler(), handler(), handler()]);
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it("in production tries the build again after a load that failed", async () => {
    let loads = 0;
    const handler = routerHandler(
      options("production", async () => {
        loads++;
        if (loads === 1) throw new Error("not built");
        return {} as ServerBuild;
      }),
    );
    await expect(handler()).rejects.toThrow("not built");
    await expect(handler()).resolves.toBeTypeOf("function");
    expect(loads).toBe(2);
  });

  it("in development leaves the loading to React Router, which reloads the build on every request", async () => {
    let loads = 0;
    const handler = routerHandler(
      options("development", async () => {
        loads++;
        return {} as ServerBuild;
      }),
    );
    expect(await handler()).toBe(await handler());
    expect(loads).toBe(0);
  });
});
