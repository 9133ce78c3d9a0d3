import { describe, expect, it } from "vitest";
import { flipTheme, isTheme } from "./theme";

describe("flipTheme", () => {
  it("flips dark to light and light to dark whatever the system says", () => {
    expect(flipTheme("dark", "dark")).toBe("light");
    expect(flipTheme("dark", "light")).toBe("light");
    expect(flipTheme("light", "light")).toBe("dark");
    expect(flipTheme("light", "dark")).toBe("dark");
  });

  it("goes from system to the opposite of the system preference", () => {
    expect(flipTheme("system", "dark")).toBe("light");
    expect(flipTheme("system", "light")).toBe("dark");
  });
});

describe("isTheme", () => {
  it("accepts the three themes and nothing else", () => {
    expect(["light", "dark", "system"].every(isTheme)).toBe(true);
    for (const bad of ["", "Dark", "sepia", null, undefined, 1]) expect(isTheme(bad)).toBe(false);
  });
});
