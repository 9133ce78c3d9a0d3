import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { addressFromHeader, resolveClientAddress } from "./client-address";

const request = (headers: Record<string, string>, remoteAddress = "10.0.0.1") =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe("client address", () => {
  it("takes the right-most X-Forwarded-For entry with one trusted proxy, not the one the client wrote", () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended what it saw.
    expect(addressFromHeader("6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(addressFromHeader("1.1.1.1, 2.2.2.2, 203.0.113.9", 1)).toBe("203.0.113.9");
  });

  it("skips the entries that trusted hops added", () => {
    expect(addressFromHeader("6.6.6.6, 203.0.113.9, 10.1.1.1", 2)).toBe("203.0.113.9");
  });

  it("rotating the client-written part does not change the address", () => {
    const seen = new Set(
      ["1.1.1.1", "2.2.2.2", "3.3.3.3"].map((spoof) => addressFromHeader(`${spoof}, 198.51.100.7`, 1)),
    );
    expect([...seen]).toEqual(["198.51.100.7"]);
  });

  it("uses the socket when no header is configured, or the header is missing or empty", () => {
    expect(resolveClientAddress(request({ "x-forwarded-for": "6.6.6.6" }), { hops: 1 })).toBe("10.0.0.1");
    expect(resolveClientAddress(request({}), { header: "X-Forwarded-For", hops: 1 })).toBe("10.0.0.1");
    expect(resolveClientAddress(request({ "x-forwarded-for": " , " }), { header: "X-Forwarded-For", hops: 1 })).toBe(
      "10.0.0.1",
    );
    expect(resolveClientAddress(request({ "x-forwarded-for": "a, b" }), { header: "X-Forwarded-For", hops: 1 })).toBe(
      "b",
    );
  });
});
