import { describe, expect, test } from "vitest";
import { collapsingWarnings, parseWarnings } from "./warnings";

describe("content-warning collapse", () => {
  test("only the warnings the reader collapses hide the story", () => {
    expect(collapsingWarnings(["gore", "violence"], ["gore", "abuse"], false)).toEqual(["gore"]);
    expect(collapsingWarnings(["gore"], [], false)).toEqual([]);
  });
  test("?show=1 shows the story", () => {
    expect(collapsingWarnings(["gore"], ["gore"], true)).toEqual([]);
  });
  test("stored warnings outside the fixed list are dropped", () => {
    expect(parseWarnings("gore,,nonsense,body-horror")).toEqual(["gore", "body-horror"]);
  });
});
