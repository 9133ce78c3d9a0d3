import { describe, expect, it } from "vitest";
import {
  AA_TEXT,
  AA_UI,
  CHECKED_PAIRS,
  checkPalette,
  contrastRatio,
  DEFAULT_PALETTE,
  describeFailure,
  failingPairs,
  normaliseHex,
  type Palette,
  PaletteSchema,
  paletteCss,
  relativeLuminance,
} from "./palette";

const withLight = (patch: Partial<Palette["light"]>): Palette => ({
  ...DEFAULT_PALETTE,
  light: { ...DEFAULT_PALETTE.light, ...patch },
});

describe("WCAG 2.1 contrast", () => {
  it("computes relative luminance at the ends and in the middle", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    // #777777: (0.4667+0.055)/1.055)^2.4 = 0.1845
    expect(relativeLuminance("#777777")).toBeCloseTo(0.1845, 3);
  });

  it("gives 21:1 for black on white and 1:1 for a colour on itself, in either order", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 10);
    expect(contrastRatio("#8e1b22", "#8e1b22")).toBe(1);
  });

  it("matches known checker values around the AA thresholds", () => {
    // #767676 on white is the classic lightest grey that passes 4.5:1 (4.54:1); #777777 fails (4.48:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    // #949494 on white is 3.03:1, enough for UI (3:1), not for text.
    expect(contrastRatio("#949494", "#ffffff")).toBeCloseTo(3.03, 2);
  });
});

describe("the palette check", () => {
  it("passes the default palette, with and without the seasonal accent", () => {
    expect(failingPairs(DEFAULT_PALETTE)).toEqual([]);
    expect(failingPairs({ ...DEFAULT_PALETTE, seasonal: { ...DEFAULT_PALETTE.seasonal, enabled: true } })).toEqual([]);
  });

  it("checks text pairs at 4.5:1 and UI pairs at 3:1, in both themes", () => {
    const results = checkPalette(DEFAULT_PALETTE);
    expect(results).toHaveLength(CHECKED_PAIRS.length * 2);
    for (const r of results) expect(r.required).toBe(r.kind === "text" ? AA_TEXT : AA_UI);
    expect(CHECKED_PAIRS.filter((p) => p.kind === "text").map((p) => `${p.fg}/${p.bg}`)).toEqual([
      "ink/bg",
      "ink/surface",
      "muted/bg",
      "muted/surface",
      "accent/bg",
      "accent/surface",
      "accentInk/accent",
    ]);
  });

  it("refuses a palette with low-contrast secondary text and names the failing pairs", () => {
    // #949494 on the light surface: above 3:1 would do for UI, but it is text.
    const failures = failingPairs(withLight({ muted: "#a39382" }));
    expect(failures.map((f) => `${f.theme} ${f.fg}/${f.bg}`)).toEqual(["light muted/bg", "light muted/surface"]);
    const [first] = failures;
    if (!first) throw new Error("expected a failing pair");
    expect(describeFailure(first)).toMatch(
      /^Light theme: Secondary text on Page background is 2\.\d\d:1, needs 4\.5:1/,
    );
  });

  it("fails a text pair just under 4.5:1 (no rounding up)", () => {
    // #777777 on white is 4.48:1.
    const p = withLight({ bg: "#ffffff", surface: "#ffffff", muted: "#777777" });
    expect(failingPairs(p).map((f) => f.fg)).toEqual(["muted", "muted"]);
  });

  it("checks the seasonal accent in place of the accent while it is on", () => {
    const pale = {
      ...DEFAULT_PALETTE,
      seasonal: { enabled: true, name: "Halloween", light: "#ffb347", dark: "#f0a050" },
    };
    const failures = failingPairs(pale);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((f) => f.theme === "light" && (f.fg === "accent" || f.bg === "accent"))).toBe(true);
    const [first] = failures;
    if (!first) throw new Error("expected a failing pair");
    expect(describeFailure(first)).toContain("Seasonal accent");
    // Off: the same colours are not used, so nothing fails.
    expect(failingPairs({ ...pale, seasonal: { ...pale.seasonal, enabled: false } })).toEqual([]);
  });
});

describe("the palette schema and CSS", () => {
  it("reads short and upper-case hex and refuses anything else", () => {
    expect(normaliseHex(" #ABC ")).toBe("#aabbcc");
    expect(normaliseHex("8E1B22")).toBe("#8e1b22");
    const bad = { ...DEFAULT_PALETTE, light: { ...DEFAULT_PALETTE.light, ink: "red;}</style><script>" } };
    expect(PaletteSchema.safeParse(bad).success).toBe(false);
  });

  it("adds nothing for the default palette, and overrides every token in app.css's selectors otherwise", () => {
    expect(paletteCss(DEFAULT_PALETTE)).toBe("");
    const css = paletteCss(withLight({ ink: "#000000" }));
    expect(css).toContain(":root,[data-theme=light]{--c-bg:#f6efe3;--c-surface:#fffaf1;--c-ink:#000000;");
    expect(css).toContain("[data-theme=dark]{--c-bg:#15100d");
    expect(css).toContain("@media (prefers-color-scheme:dark){[data-theme=system]{--c-bg:#15100d");
  });

  it("puts the seasonal accent in the CSS while it is on", () => {
    const css = paletteCss({ ...DEFAULT_PALETTE, seasonal: { ...DEFAULT_PALETTE.seasonal, enabled: true } });
    expect(css).toContain(`--c-accent:${DEFAULT_PALETTE.seasonal.light}`);
    expect(css).toContain(`--c-accent:${DEFAULT_PALETTE.seasonal.dark}`);
  });
});
