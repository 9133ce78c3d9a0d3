// Reading preferences (spec §1 "accessibility and font settings"):
// the values a reader may choose, their defaults, the presets, and how they
// become attributes on <html>. Shared by server and browser; storage lives in
// reading-preferences.server.ts, the schemas that check what is stored or posted in
// preference-schemas.ts. See docs/decisions/011-reading-preferences.md.
//
// Every value is one of a short, fixed list (strings, so a form posts them as
// they are): the cookie stays small and bounded, CSS can match them, and an
// unknown value is simply dropped (the default stays).
import type { z } from "zod";
import type { ContentWarningId } from "~/stories/content-warnings";
import type { Theme } from "~/theme/theme";
// Types only: the schemas stay out of the reading pages' JavaScript (preference-schemas.ts).
import type * as Schemas from "./preference-schemas";

export const TYPEFACES = [
  {
    value: "default",
    label: "Site default",
    hint: "A book serif for stories, your device's sans for the rest. Nothing to download.",
  },
  { value: "serif", label: "Serif (Literata)", hint: "A serif made for long reading on screens." },
  {
    value: "sans",
    label: "Sans (Atkinson Hyperlegible Next)",
    hint: "Letters that are hard to mistake for one another.",
  },
  { value: "dyslexic", label: "Dyslexia friendly (Lexend)", hint: "A wide sans designed to ease reading." },
  { value: "system", label: "System font", hint: "Your device's own interface font everywhere. Nothing to download." },
] as const;

/** Font size steps: the root size as a factor of the browser's own (so the reader's browser setting still counts). */
export const FONT_SIZES = [
  { value: "1", label: "Small", scale: 0.875 },
  { value: "2", label: "Default", scale: 1 },
  { value: "3", label: "Large", scale: 1.125 },
  { value: "4", label: "Larger", scale: 1.25 },
  { value: "5", label: "Extra large", scale: 1.375 },
  { value: "6", label: "Huge", scale: 1.5 },
  { value: "7", label: "Largest", scale: 1.75 },
] as const;

export const FONT_WEIGHTS = [
  { value: "400", label: "Regular" },
  { value: "500", label: "Medium" },
  { value: "600", label: "Semi-bold" },
] as const;

/** Line height, as a multiple of the font size. WCAG 1.4.12 asks that 1.5 be reachable. */
export const LINE_HEIGHTS = [
  { value: "1.5", label: "1.5" },
  { value: "1.75", label: "1.75 (default)" },
  { value: "2", label: "2" },
  { value: "2.5", label: "2.5" },
] as const;

/** Space after a paragraph, in em. WCAG 1.4.12: 2 times the font size. */
export const PARAGRAPH_SPACINGS = [
  { value: "1", label: "1 em (default)" },
  { value: "1.5", label: "1.5 em" },
  { value: "2", label: "2 em" },
  { value: "2.5", label: "2.5 em" },
] as const;

/** Letter spacing, in em. WCAG 1.4.12: 0.12 times the font size. */
export const LETTER_SPACINGS = [
  { value: "0", label: "Normal (default)" },
  { value: "0.05", label: "Wider (0.05 em)" },
  { value: "0.12", label: "Wide (0.12 em)" },
  { value: "0.2", label: "Widest (0.2 em)" },
] as const;

/** Word spacing, in em. WCAG 1.4.12: 0.16 times the font size. */
export const WORD_SPACINGS = [
  { value: "0", label: "Normal (default)" },
  { value: "0.08", label: "Wider (0.08 em)" },
  { value: "0.16", label: "Wide (0.16 em)" },
  { value: "0.32", label: "Widest (0.32 em)" },
] as const;

/** Line length of story text. 50-75 characters read best; the default stays well under 80. */
export const MEASURES = [
  { value: "narrow", label: "Narrow (about 50 characters)", ch: 50 },
  { value: "default", label: "Medium (about 66 characters, default)", ch: 66 },
  { value: "wide", label: "Wide (about 80 characters)", ch: 80 },
] as const;

/** Left (ragged right) by default; justified only when the reader asks for it. */
export const TEXT_ALIGNS = [
  { value: "left", label: "Left, ragged right (default)" },
  { value: "justify", label: "Justified" },
] as const;

export const WARNING_MODES = [
  { value: "show", label: "Show every story as it is" },
  { value: "collapse", label: "Collapse stories with the warnings I choose behind a notice" },
] as const;

export type PreferenceKey = keyof typeof Schemas.FIELD_SCHEMAS;
export type Preferences = { [K in PreferenceKey]: z.output<(typeof Schemas.FIELD_SCHEMAS)[K]> };
/** What is stored (cookie or database): only the values the reader has set. */
export type StoredPreferences = Partial<Preferences>;

export const DEFAULT_PREFERENCES: Preferences = {
  typeface: "default",
  fontSize: "2",
  fontWeight: "400",
  lineHeight: "1.75",
  paragraphSpacing: "1",
  letterSpacing: "0",
  wordSpacing: "0",
  measure: "default",
  textAlign: "left",
  highContrast: false,
  reducedMotion: false,
  underlineLinks: false,
  contentWarnings: "show",
  collapsedWarnings: [],
};

export const PREFERENCE_KEYS = Object.keys(DEFAULT_PREFERENCES) as PreferenceKey[];

/** Whether every value is the default (a reader who never chose anything). */
export function isDefaultPreferences(prefs: Preferences): boolean {
  return PREFERENCE_KEYS.every((key) => {
    const value = prefs[key];
    const fallback = DEFAULT_PREFERENCES[key];
    return Array.isArray(value) && Array.isArray(fallback)
      ? value.length === fallback.length && value.every((v, i) => v === fallback[i])
      : value === fallback;
  });
}

/** The fields each settings page owns ("Reset to defaults" there clears these). */
export const PAGE_FIELDS = {
  fonts: ["typeface", "fontSize", "fontWeight"],
  reading: [
    "lineHeight",
    "paragraphSpacing",
    "letterSpacing",
    "wordSpacing",
    "measure",
    "textAlign",
    "highContrast",
    "reducedMotion",
    "underlineLinks",
    "contentWarnings",
    "collapsedWarnings",
  ],
  quick: ["fontSize", "lineHeight"],
  preview: [
    "typeface",
    "fontSize",
    "fontWeight",
    "lineHeight",
    "paragraphSpacing",
    "letterSpacing",
    "wordSpacing",
    "measure",
    "textAlign",
  ],
} as const satisfies Record<string, readonly PreferenceKey[]>;

export type SettingsPage = keyof typeof PAGE_FIELDS;

export function resolvePreferences(stored: StoredPreferences): Preferences {
  return { ...DEFAULT_PREFERENCES, ...stored };
}

/** The stored values with a page's fields replaced by what it posted (or cleared, for "Reset to defaults"). */
export function withPageValues(
  stored: StoredPreferences,
  page: SettingsPage,
  posted: StoredPreferences | "reset",
): StoredPreferences {
  const next: StoredPreferences = { ...stored };
  for (const key of PAGE_FIELDS[page]) delete next[key];
  if (posted === "reset") return next;
  return { ...next, ...posted };
}

/**
 * The merge at sign-in: what the account holds wins; the browser's cookie
 * fills in what the account has not set (a reader who set preferences while
 * anonymous keeps them; one who already chose on their account is not
 * overridden by a shared computer's cookie).
 */
export function mergeAtSignIn(account: StoredPreferences, cookie: StoredPreferences): StoredPreferences {
  return { ...cookie, ...account };
}

// ---------------------------------------------------------------- presets

/** The fields a preset sets; reduced motion and content warnings are the reader's own and stay as they are. */
export const PRESET_FIELDS = [
  "typeface",
  "fontSize",
  "fontWeight",
  "lineHeight",
  "paragraphSpacing",
  "letterSpacing",
  "wordSpacing",
  "measure",
  "textAlign",
  "highContrast",
  "underlineLinks",
] as const satisfies readonly PreferenceKey[];

type PresetValues = { [K in (typeof PRESET_FIELDS)[number]]: Preferences[K] };

export type Preset = {
  id: string;
  label: string;
  description: string;
  values: PresetValues;
  /** The theme the preset sets, if any (the theme has its own cookie, hs_theme). */
  theme?: Theme;
};

const presetBase: PresetValues = {
  typeface: DEFAULT_PREFERENCES.typeface,
  fontSize: DEFAULT_PREFERENCES.fontSize,
  fontWeight: DEFAULT_PREFERENCES.fontWeight,
  lineHeight: DEFAULT_PREFERENCES.lineHeight,
  paragraphSpacing: DEFAULT_PREFERENCES.paragraphSpacing,
  letterSpacing: DEFAULT_PREFERENCES.letterSpacing,
  wordSpacing: DEFAULT_PREFERENCES.wordSpacing,
  measure: DEFAULT_PREFERENCES.measure,
  textAlign: DEFAULT_PREFERENCES.textAlign,
  highContrast: DEFAULT_PREFERENCES.highContrast,
  underlineLinks: DEFAULT_PREFERENCES.underlineLinks,
};

export const PRESETS = [
  {
    id: "dyslexia",
    label: "Dyslexia friendly",
    // British Dyslexia Association, Dyslexia Style Guide (2023): a plain sans
    // serif, 12-14 pt (16-19 px) or larger, line spacing 1.5, left aligned
    // with a ragged right edge, wider letter spacing and word spacing at
    // least 3.5 times the letter spacing, lines of 60-70 characters, and a
    // cream or soft background rather than white (the light theme's paper).
    description: "A wide sans (Lexend), larger text, 1.5 line spacing, left aligned, wider letter and word spacing.",
    values: {
      ...presetBase,
      typeface: "dyslexic",
      fontSize: "3",
      lineHeight: "1.5",
      paragraphSpacing: "1.5",
      letterSpacing: "0.05",
      wordSpacing: "0.16",
      measure: "default",
      textAlign: "left",
    },
  },
  {
    id: "low-vision",
    label: "Low vision",
    description: "Much larger, heavier text in Atkinson Hyperlegible Next, high contrast and underlined links.",
    values: {
      ...presetBase,
      typeface: "sans",
      fontSize: "6",
      fontWeight: "600",
      lineHeight: "1.75",
      paragraphSpacing: "1.5",
      measure: "narrow",
      highContrast: true,
      underlineLinks: true,
    },
  },
  {
    id: "night",
    label: "Night reading",
    description: "The dark theme, slightly larger text and looser lines for reading in the dark.",
    values: { ...presetBase, fontSize: "3", lineHeight: "2" },
    theme: "dark",
  },
  {
    id: "text-spacing",
    label: "Text spacing (WCAG 1.4.12)",
    description: "Line height 1.5, paragraph spacing 2 em, letter spacing 0.12 em, word spacing 0.16 em.",
    values: { ...presetBase, lineHeight: "1.5", paragraphSpacing: "2", letterSpacing: "0.12", wordSpacing: "0.16" },
  },
  {
    id: "default",
    label: "Default",
    description: "The site as it comes: every reading value back to its default and the system theme.",
    values: presetBase,
    theme: "system",
  },
] as const satisfies readonly Preset[];

export type PresetId = (typeof PRESETS)[number]["id"];
export const PRESET_IDS = PRESETS.map((p) => p.id) as [PresetId, ...PresetId[]];

export function findPreset(id: unknown): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** A preset applied to what is stored: it sets its fields; the reader can adjust them afterwards. */
export function applyPreset(stored: StoredPreferences, preset: Preset): StoredPreferences {
  const next: StoredPreferences = { ...stored };
  for (const key of PRESET_FIELDS) delete next[key];
  // Default values are not stored: "Default" leaves nothing behind.
  for (const key of PRESET_FIELDS) {
    if (preset.values[key] !== DEFAULT_PREFERENCES[key]) Object.assign(next, { [key]: preset.values[key] });
  }
  return next;
}

/** The preset the values match, if any (shown as the current one). */
export function matchingPreset(prefs: Preferences): Preset | undefined {
  return PRESETS.find((p) => PRESET_FIELDS.every((key) => p.values[key] === prefs[key]));
}

// ---------------------------------------------------------------- content warnings

/**
 * The warnings of a story that the reader chose to collapse: an empty list
 * means "show the story as it is"; otherwise the story page collapses the
 * text behind a notice naming these warnings.
 */
export function warningsToCollapse(prefs: Preferences, storyWarnings: readonly string[]): ContentWarningId[] {
  if (prefs.contentWarnings !== "collapse") return [];
  const chosen = new Set<string>(prefs.collapsedWarnings);
  return [...new Set(storyWarnings)].filter((w): w is ContentWarningId => chosen.has(w));
}

// ---------------------------------------------------------------- how they are applied

const scaleOf = (size: Preferences["fontSize"]) => FONT_SIZES.find((s) => s.value === size)?.scale ?? 1;
const chOf = (measure: Preferences["measure"]) => MEASURES.find((m) => m.value === measure)?.ch ?? 66;

/**
 * CSS custom properties for the values (app.css reads them with the defaults
 * as fallbacks). On <html> only the values that differ from the default are
 * set, so a default reader's document carries nothing; `all` sets every one,
 * for a preview box that must not inherit the page's.
 */
export function preferenceStyle(prefs: Preferences, options: { all?: boolean } = {}): Record<string, string> {
  const all = options.all ?? false;
  const style: Record<string, string> = {};
  const set = <K extends PreferenceKey>(key: K, name: string, value: string) => {
    if (all || prefs[key] !== DEFAULT_PREFERENCES[key]) style[name] = value;
  };
  set("fontSize", "--pref-font-scale", String(scaleOf(prefs.fontSize)));
  set("fontWeight", "--pref-font-weight", prefs.fontWeight);
  set("lineHeight", "--pref-line-height", prefs.lineHeight);
  set("paragraphSpacing", "--pref-paragraph-spacing", `${prefs.paragraphSpacing}em`);
  set("letterSpacing", "--pref-letter-spacing", `${prefs.letterSpacing}em`);
  set("wordSpacing", "--pref-word-spacing", `${prefs.wordSpacing}em`);
  set("measure", "--pref-measure", `${chOf(prefs.measure)}ch`);
  set("textAlign", "--pref-text-align", prefs.textAlign);
  return style;
}

/** Data attributes for what CSS switches on as a whole (a face, contrast, motion, links). */
export function preferenceDataAttributes(prefs: Preferences, options: { all?: boolean } = {}) {
  const all = options.all ?? false;
  const attributes: Record<string, string> = {};
  if (all || prefs.typeface !== "default") attributes["data-typeface"] = prefs.typeface;
  if (prefs.highContrast) attributes["data-contrast"] = "high";
  if (prefs.reducedMotion) attributes["data-motion"] = "reduce";
  if (prefs.underlineLinks) attributes["data-underline-links"] = "true";
  return attributes;
}
