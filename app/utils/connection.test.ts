import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { type Connection, isSlowConnection, SLOW_CONNECTION_EXPRESSION } from "./connection";

const CASES: (Connection | undefined)[] = [
  undefined,
  {},
  { effectiveType: "slow-2g" },
  { effectiveType: "2g" },
  { effectiveType: "3g" },
  { effectiveType: "4g" },
  { effectiveType: "4g", saveData: true },
  { effectiveType: "3g", saveData: false },
  { saveData: true },
];

describe("the slow-connection rule", () => {
  it("is Save-Data, 2g or slow-2g", () => {
    expect(CASES.map(isSlowConnection)).toEqual([false, false, true, true, false, false, true, false, true]);
  });

  it.each(CASES.map((c) => [JSON.stringify(c) ?? "no connection", c] as const))(
    "reads the same in an inline script: %s",
    (_name, connection) => {
      const slow = runInNewContext(SLOW_CONNECTION_EXPRESSION, { navigator: { connection } });
      expect(slow).toBe(isSlowConnection(connection));
    },
  );
});

describe("LINK_PREFETCH", () => {
  const load = async (connection: Connection | undefined) => {
    vi.resetModules();
    vi.stubGlobal("navigator", { connection });
    try {
      return (await import("./connection")).LINK_PREFETCH;
    } finally {
      vi.unstubAllGlobals();
    }
  };

  it("is React Router's intent on a fast link and where the browser does not say, nothing on a slow link or with Save-Data", async () => {
    expect(await load(undefined)).toBe("intent");
    expect(await load({ effectiveType: "4g" })).toBe("intent");
    expect(await load({ effectiveType: "slow-2g" })).toBe("none");
    expect(await load({ effectiveType: "2g" })).toBe("none");
    expect(await load({ effectiveType: "4g", saveData: true })).toBe("none");
  });
});
