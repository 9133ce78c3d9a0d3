import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./database-outage.server";

describe("isDatabaseUnreachable", () => {
  it("knows Prisma's codes for a database out of reach, and none other", () => {
    for (const code of ["P1001", "P1002", "P1008", "P1017", "P2024"]) {
      expect(isDatabaseUnreachable(Object.assign(new Error("x"), { code }))).toBe(true);
    }
    // A unique constraint, a missing row, a bad query: the code's own errors, not an outage.
    for (const code of ["P2002", "P2025", "P2010"]) {
      expect(isDatabaseUnreachable(Object.assign(new Error("x"), { code }))).toBe(false);
    }
  });

  it("finds the driver adapter's kind in Prisma's meta, and node-postgres's timeouts in a cause", () => {
    const adapter = { name: "DriverAdapterError", cause: { kind: "DatabaseNotReachable" } };
    expect(isDatabaseUnreachable({ code: "P9999", meta: { driverAdapterError: adapter } })).toBe(true);
    const pool = new Error("Connection terminated due to connection timeout", {
      cause: new Error("Connection terminated unexpectedly"),
    });
    expect(isDatabaseUnreachable(new Error("Invalid `prisma.user.findUnique()` invocation", { cause: pool }))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Query read timeout"))).toBe(true);
  });

  it("says no to anything else, including a cycle of causes", () => {
    const a: { message: string; cause?: unknown } = { message: "a" };
    a.cause = { message: "b", cause: a };
    expect(isDatabaseUnreachable(a)).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
    expect(isDatabaseUnreachable("Can't reach")).toBe(false);
    expect(isDatabaseUnreachable(new Error("Unique constraint failed on the fields: (`email`)"))).toBe(false);
  });
});
