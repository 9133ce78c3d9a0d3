import { describe, expect, it } from "vitest";
import { pageTokens } from "./pagination";

describe("page links", () => {
  it("shows the first, last, current and neighbouring pages, an ellipsis for each longer run", () => {
    expect(pageTokens(10, 20, 1)).toEqual([1, "gap-1", 9, 10, 11, "gap-11", 20]);
    expect(pageTokens(10, 20, 0)).toEqual([1, "gap-1", 10, "gap-10", 20]);
    expect(pageTokens(1, 20, 1)).toEqual([1, 2, "gap-2", 20]);
    expect(pageTokens(20, 20, 1)).toEqual([1, "gap-1", 19, 20]);
  });

  it("shows a single left-out page instead of an ellipsis", () => {
    expect(pageTokens(4, 20, 1)).toEqual([1, 2, 3, 4, 5, "gap-5", 20]);
    expect(pageTokens(3, 5, 0)).toEqual([1, 2, 3, 4, 5]);
    expect(pageTokens(2, 3, 0)).toEqual([1, 2, 3]);
  });

  it("shows every page of a short list once", () => {
    expect(pageTokens(1, 2, 1)).toEqual([1, 2]);
    expect(pageTokens(1, 1, 1)).toEqual([1]);
  });
});
