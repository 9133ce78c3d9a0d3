import { describe, expect, it } from "vitest";
import { pageParam } from "./params";

const page = (value: string) => pageParam(new URL(`http://site.test/stories?page=${value}`));

describe("pageParam", () => {
  it("reads whole decimal page numbers", () => {
    expect(page("1")).toBe(1);
    expect(page("100000")).toBe(100_000);
    expect(pageParam(new URL("http://site.test/stories"))).toBe(1);
  });
  it.each(["0", "-1", "1.5", "0x10", "1e3", "%201", "100001", "99999999999999999999", "NaN", "Infinity"])(
    "refuses %s with a 400",
    (value) => {
      expect(() => page(value)).toThrow();
      try {
        page(value);
      } catch (error) {
        expect(error).toMatchObject({ init: { status: 400 } });
      }
    },
  );
});
