import { describe, expect, it } from "vitest";
import { CONTENT_WARNING_IDS } from "~/stories/content-warnings";
import { FontsSchema, QuickSettingsSchema, ReadingPreferencesSchema } from "./forms";
import { preferenceCss } from "./preference-css";
import {
  applyPreset,
  FONT_SIZES,
  findPreset,
  LETTER_SPACINGS,
  LINE_HEIGHTS,
  MEASURES,
  matchingPreset,
  PARAGRAPH_SPACINGS,
  PRESETS,
  TEXT_ALIGNS,
  WORD_SPACINGS,
  withPageValues,
} from "./preference-options";
import { parseStoredPreferences, preferencesFromSearch } from "./preference-schemas";
import {
  DEFAULT_PREFERENCES,
  FONT_SCALES,
  mergeAtSignIn,
  preferenceDataAttributes,
  preferenceStyle,
  resolvePreferences,
  type StoredPreferences,
  TITLE_EM,
  titleFitFrom,
  warningsToCollapse,
} from "./preferences";

const preset = (id: string) => {
  const found = findPreset(id);
  if (!found) throw new Error(`no preset ${id}`);
  return found;
};

describe("the values", () => {
  it("offer at least five font sizes, and the WCAG 1.4.12 spacing values", () => {
    expect(FONT_SIZES.length).toBeGreaterThanOrEqual(5);
    expect(LINE_HEIGHTS.map((o) => o.value)).toContain("1.5");
    expect(PARAGRAPH_SPACINGS.map((o) => o.value)).toContain("2");
    expect(LETTER_SPACINGS.map((o) => o.value)).toContain("0.12");
    expect(WORD_SPACINGS.map((o) => o.value)).toContain("0.16");
  });

  it("keep the default line length under 80 characters and never force justified text", () => {
    const measure = MEASURES.find((m) => m.value === DEFAULT_PREFERENCES.measure);
    expect(measure?.ch).toBeLessThanOrEqual(80);
    expect(Math.max(...MEASURES.map((m) => m.ch))).toBeLessThanOrEqual(80);
    expect(DEFAULT_PREFERENCES.textAlign).toBe("left");
    expect(TEXT_ALIGNS[0].value).toBe("left");
    for (const p of PRESETS) expect(p.values.textAlign, p.id).toBe("left");
  });
});

describe("parseStoredPreferences", () => {
  it("keeps the valid values and drops unknown keys and values (the default stays)", () => {
    const stored = parseStoredPreferences({
      typeface: "dyslexic",
      fontSize: "99",
      lineHeight: 1.5,
      letterSpacing: "0.12",
      collapsedWarnings: ["gore", "not-a-warning"],
      isAdmin: true,
      __proto__: { fontSize: "7" },
    });
    expect(stored).toEqual({ typeface: "dyslexic", letterSpacing: "0.12" });
    expect(resolvePreferences(stored).fontSize).toBe(DEFAULT_PREFERENCES.fontSize);
  });

  it("turns anything that is not an object into nothing", () => {
    for (const raw of [null, undefined, "typeface=serif", 42, ["serif"], true])
      expect(parseStoredPreferences(raw)).toEqual({});
  });

  it("keeps the warnings once each", () => {
    expect(parseStoredPreferences({ collapsedWarnings: ["gore", "gore", "violence"] })).toEqual({
      collapsedWarnings: ["gore", "violence"],
    });
  });
});

describe("presets", () => {
  it("Dyslexia friendly follows the British Dyslexia Association style guide", () => {
    const values = preset("dyslexia").values;
    expect(values.typeface).toBe("dyslexic");
    // 12-14 pt (16-18.7 px) or larger: the Large step makes story text 1.125 × 18 px.
    const scale = FONT_SIZES.find((s) => s.value === values.fontSize)?.scale ?? 0;
    expect(scale * 16).toBeGreaterThanOrEqual(16);
    expect(values.lineHeight).toBe("1.5");
    expect(values.textAlign).toBe("left");
    expect(Number(values.letterSpacing)).toBeGreaterThan(0);
    expect(Number(values.wordSpacing)).toBeGreaterThanOrEqual(3 * Number(values.letterSpacing));
  });

  it("Low vision is larger, heavier and high contrast; Night reading is the dark theme", () => {
    const low = preset("low-vision");
    expect(Number(low.values.fontSize)).toBeGreaterThanOrEqual(5);
    expect(low.values.highContrast).toBe(true);
    expect(low.values.underlineLinks).toBe(true);
    expect(preset("night").theme).toBe("dark");
  });

  it("the text-spacing preset holds exactly the WCAG 1.4.12 values", () => {
    const v = preset("text-spacing").values;
    expect([v.lineHeight, v.paragraphSpacing, v.letterSpacing, v.wordSpacing]).toEqual(["1.5", "2", "0.12", "0.16"]);
  });

  it("sets its values, keeps reduced motion and content warnings, and can be adjusted afterwards", () => {
    const before: StoredPreferences = {
      reducedMotion: true,
      contentWarnings: "collapse",
      collapsedWarnings: ["gore"],
      fontSize: "7",
    };
    const after = applyPreset(before, preset("dyslexia"));
    expect(after).toMatchObject({ reducedMotion: true, contentWarnings: "collapse", collapsedWarnings: ["gore"] });
    expect(after.fontSize).toBe("3");
    expect(matchingPreset(resolvePreferences(after))?.id).toBe("dyslexia");
    const adjusted = withPageValues(after, "quick", { fontSize: "4", lineHeight: "1.5" });
    expect(resolvePreferences(adjusted).fontSize).toBe("4");
    expect(matchingPreset(resolvePreferences(adjusted))).toBeUndefined();
  });

  it("Default leaves nothing stored but the reader's own motion and warning choices", () => {
    const after = applyPreset({ ...preset("low-vision").values, reducedMotion: true }, preset("default"));
    expect(after).toEqual({ reducedMotion: true });
    expect(matchingPreset(resolvePreferences({}))?.id).toBe("default");
  });
});

describe("withPageValues", () => {
  it("reset clears only that page's fields", () => {
    const stored = { typeface: "serif", fontSize: "5", lineHeight: "2", highContrast: true } as const;
    expect(withPageValues(stored, "fonts", "reset")).toEqual({ lineHeight: "2", highContrast: true });
    expect(withPageValues(stored, "quick", "reset")).toEqual({ typeface: "serif", highContrast: true });
  });
});

describe("mergeAtSignIn", () => {
  it("keeps what the account has set and fills the rest from the cookie", () => {
    expect(
      mergeAtSignIn({ fontSize: "5", highContrast: false }, { fontSize: "2", highContrast: true, typeface: "serif" }),
    ).toEqual({ fontSize: "5", highContrast: false, typeface: "serif" });
    expect(mergeAtSignIn({}, { lineHeight: "2" })).toEqual({ lineHeight: "2" });
  });
});

describe("warningsToCollapse", () => {
  const collapse = resolvePreferences({ contentWarnings: "collapse", collapsedWarnings: ["gore", "self-harm"] });
  it("names the story's warnings the reader chose to collapse", () => {
    expect(warningsToCollapse(collapse, ["violence", "gore", "self-harm", "gore"])).toEqual(["gore", "self-harm"]);
    expect(warningsToCollapse(collapse, ["violence"])).toEqual([]);
    expect(warningsToCollapse(collapse, [])).toEqual([]);
  });
  it("collapses nothing when the reader shows every story", () => {
    const show = resolvePreferences({ contentWarnings: "show", collapsedWarnings: [...CONTENT_WARNING_IDS] });
    expect(warningsToCollapse(show, CONTENT_WARNING_IDS)).toEqual([]);
  });
});

describe("on <html>", () => {
  it("a default reader's document carries nothing", () => {
    expect(preferenceStyle(DEFAULT_PREFERENCES)).toEqual({});
    expect(preferenceDataAttributes(DEFAULT_PREFERENCES)).toEqual({});
    expect(preferenceCss(DEFAULT_PREFERENCES)).toBe("");
  });
  it("only the chosen rule sets are sent", () => {
    const css = preferenceCss(resolvePreferences({ typeface: "sans", reducedMotion: true }));
    expect(css).toContain("[data-typeface=sans]");
    expect(css).not.toContain("[data-typeface=serif]");
    expect(css).toContain("animation:none!important");
    expect(css).not.toContain("data-contrast");
  });
  it("chosen values become custom properties and attributes", () => {
    const prefs = resolvePreferences({ ...preset("text-spacing").values, typeface: "dyslexic", reducedMotion: true });
    expect(preferenceStyle(prefs)).toEqual({
      "--pref-line-height": "1.5",
      "--pref-paragraph-spacing": "2em",
      "--pref-letter-spacing": "0.12em",
      "--pref-letter-spacing-n": "0.12",
      "--pref-word-spacing": "0.16em",
    });
    expect(preferenceDataAttributes(prefs)).toEqual({ "data-typeface": "dyslexic", "data-motion": "reduce" });
    expect(Object.keys(preferenceStyle(DEFAULT_PREFERENCES, { all: true }))).toHaveLength(9);
  });
});

describe("titleFitFrom", () => {
  it("names the fewest letters that may not fit a 320 px screen in the reader's text", () => {
    expect(titleFitFrom(DEFAULT_PREFERENCES)).toBe(14);
    const largest = resolvePreferences({ fontSize: "7" });
    expect(titleFitFrom(largest)).toBe(7);
    // A wider face and wider letters fit fewer.
    expect(titleFitFrom({ ...largest, typeface: "serif", letterSpacing: "0.2" })).toBe(5);
    // Each fitted word of that length is wider than the room; one letter fewer is not.
    for (const prefs of [DEFAULT_PREFERENCES, largest, { ...largest, typeface: "dyslexic" as const }]) {
      const scale = FONT_SCALES[prefs.fontSize];
      const letter = 36 * scale * (TITLE_EM[prefs.typeface] + Number(prefs.letterSpacing));
      const from = titleFitFrom(prefs);
      expect(from * letter).toBeGreaterThan(320 - 32 * scale);
      expect((from - 1) * letter).toBeLessThanOrEqual(320 - 32 * scale);
    }
  });
  it("names them for a section's 1.5rem title too, and for one in a card's narrower room", () => {
    const largest = resolvePreferences({ fontSize: "7" });
    expect(titleFitFrom(DEFAULT_PREFERENCES, 1.5)).toBe(21);
    expect(titleFitFrom(largest, 1.5)).toBe(11);
    expect(titleFitFrom(largest, 1.5, 50)).toBe(9);
    for (const [rem, inset] of [
      [1.5, 0],
      [1.5, 50],
    ] as const) {
      const letter = 16 * rem * FONT_SCALES[largest.fontSize] * TITLE_EM[largest.typeface];
      const from = titleFitFrom(largest, rem, inset);
      expect(from * letter).toBeGreaterThan(320 - 32 * FONT_SCALES[largest.fontSize] - inset);
      expect((from - 1) * letter).toBeLessThanOrEqual(320 - 32 * FONT_SCALES[largest.fontSize] - inset);
    }
  });
  it("sends each face's letter width with its CSS", () => {
    expect(preferenceCss(resolvePreferences({ typeface: "dyslexic" }))).toContain(`--title-em:${TITLE_EM.dyslexic}`);
  });
});

describe("form schemas", () => {
  it("refuse values outside the lists", () => {
    expect(FontsSchema.safeParse({ typeface: "comic-sans", fontSize: "2", fontWeight: "400" }).success).toBe(false);
    expect(QuickSettingsSchema.safeParse({ theme: "sepia", fontSize: "2", lineHeight: "2" }).success).toBe(false);
    const reading = ReadingPreferencesSchema.safeParse({
      lineHeight: "1.5",
      paragraphSpacing: "2",
      letterSpacing: "0.12",
      wordSpacing: "0.16",
      measure: "default",
      textAlign: "left",
      highContrast: "on",
      contentWarnings: "collapse",
      collapsedWarnings: "gore",
    });
    expect(reading.success && reading.data).toMatchObject({
      highContrast: true,
      reducedMotion: false,
      collapsedWarnings: ["gore"],
    });
  });

  it("the preview's query string keeps only valid values", () => {
    expect(preferencesFromSearch(new URLSearchParams("typeface=serif&fontSize=12&lineHeight=2&x=1"))).toEqual({
      typeface: "serif",
      lineHeight: "2",
    });
  });
});

describe("isDefaultPreferences", () => {
  it("is true only when every value is the default", async () => {
    const { DEFAULT_PREFERENCES, isDefaultPreferences } = await import("./preferences");
    expect(isDefaultPreferences({ ...DEFAULT_PREFERENCES, collapsedWarnings: [] })).toBe(true);
    expect(isDefaultPreferences({ ...DEFAULT_PREFERENCES, fontSize: "3" })).toBe(false);
    expect(isDefaultPreferences({ ...DEFAULT_PREFERENCES, collapsedWarnings: ["gore"] })).toBe(false);
  });
});
