import { describe, expect, test } from "vitest";
import { parseWarnings } from "./warnings";

describe("content-warning collapse", () => {
  test("stored warnings outside the fixed list are dropped", () => {
    expect(parseWarnings("gore,,nonsense,body-horror")).toEqual(["gore", "body-horror"]);
  });
});
