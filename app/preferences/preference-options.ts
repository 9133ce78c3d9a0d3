// The reading preferences' labelled choices, presets and settings pages
// (preferences.ts has the values, the defaults and how they apply). Apart from
// preferences.ts so that the shell every page loads carries no label, hint or
// preset: only the settings forms and the reading settings show them.
import type { Theme } from "~/theme/theme";
import {
  DEFAULT_PREFERENCES,
  FONT_SCALES,
  MEASURE_CH,
  type PreferenceKey,
  type Preferences,
  type StoredPreferences,
} from "./preferences";

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
  { value: "1", label: "Small", scale: FONT_SCALES["1"] },
  { value: "2", label: "Default", scale: FONT_SCALES["2"] },
  { value: "3", label: "Large", scale: FONT_SCALES["3"] },
  { value: "4", label: "Larger", scale: FONT_SCALES["4"] },
  { value: "5", label: "Extra large", scale: FONT_SCALES["5"] },
  { value: "6", label: "Huge", scale: FONT_SCALES["6"] },
  { value: "7", label: "Largest", scale: FONT_SCALES["7"] },
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

/**
 * Line length of story text. 50-75 characters read best; the default stays well under 80. The
 * counts are in the field's hint (MEASURE_HINT): in the option they cut "Medium (about 66
 * characters, default)" to "Medium (about 66 characters, def" in a 390 px phone's select, which
 * shows one line only.
 */
export const MEASURES = [
  { value: "narrow", label: "Narrow", ch: MEASURE_CH.narrow },
  { value: "default", label: "Medium (default)", ch: MEASURE_CH.default },
  { value: "wide", label: "Wide", ch: MEASURE_CH.wide },
] as const;

export const MEASURE_HINT = `Narrow is about ${MEASURE_CH.narrow} characters a line, medium about ${MEASURE_CH.default}, wide about ${MEASURE_CH.wide}.`;

/** Left (ragged right) by default; justified only when the reader asks for it. Short, as MEASURES. */
export const TEXT_ALIGNS = [
  { value: "left", label: "Left (default)" },
  { value: "justify", label: "Justified" },
] as const;

export const WARNING_MODES = [
  { value: "show", label: "Show every story as it is" },
  { value: "collapse", label: "Collapse stories with the warnings I choose behind a notice" },
] as const;

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
