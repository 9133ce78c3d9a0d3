import { describe, expect, it } from "vitest";
import { errorCodeForStatus, messageFromBody } from "./api-errors";

describe("errorCodeForStatus (spec §8)", () => {
  it.each([
    [401, "UNAUTHORIZED"],
    [403, "FORBIDDEN"],
    [404, "NOT_FOUND"],
    [400, "VALIDATION_ERROR"],
    [422, "VALIDATION_ERROR"],
    [500, "SERVER_ERROR"],
    [503, "SERVER_ERROR"],
    [409, "CLIENT_ERROR"],
    [429, "CLIENT_ERROR"],
  ] as const)("%i -> %s", (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });
});

describe("messageFromBody", () => {
  it("prefers error, then message, then HTTP Error {status}", () => {
    expect(messageFromBody({ error: "E", message: "M" }, 400)).toBe("E");
    expect(messageFromBody({ message: "M" }, 400)).toBe("M");
    expect(messageFromBody("text", 502)).toBe("HTTP Error 502");
  });
});
