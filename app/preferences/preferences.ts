// Reading preferences (spec §1 "accessibility and font settings"): the values
// a reader may choose, their defaults, and how they become attributes on <html>.
// Shared by server and browser. This is the part every page's shell runs; the
// labelled choices, the presets and the settings pages' fields are in
// preference-options.ts, which only the settings forms load. Storage lives in
// reading-preferences.server.ts, the schemas that check what is stored or posted in
// preference-schemas.ts. See docs/decisions/011-reading-preferences.md.
//
// Every value is one of a short, fixed list (strings, so a form posts them as
// they are): the cookie stays small and bounded, CSS can match them, and an
// unknown value is simply dropped (the default stays).
import type { z } from "zod";
import type { ContentWarningId } from "~/stories/content-warnings";
// Types only: the schemas stay out of the reading pages' JavaScript (preference-schemas.ts).
import type * as Schemas from "./preference-schemas";

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

export function resolvePreferences(stored: StoredPreferences): Preferences {
  return { ...DEFAULT_PREFERENCES, ...stored };
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

/** Font size steps: the root size as a factor of the browser's own (so the reader's browser setting still counts). */
export const FONT_SCALES = { "1": 0.875, "2": 1, "3": 1.125, "4": 1.25, "5": 1.375, "6": 1.5, "7": 1.75 } as const;

/**
 * How wide a letter of a bold page title is in each typeface, in em: the widest of
 * "Recommendations", "management" and "minimum" in Chromium (the system face measured as DejaVu
 * Sans, the widest it may be). Sent as --title-em with the face's CSS (preference-css.tsx).
 */
export const TITLE_EM: Record<Preferences["typeface"], number> = {
  default: 0.6,
  serif: 0.73,
  sans: 0.63,
  dyslexic: 0.69,
  system: 0.75,
};

/**
 * The fewest letters of a title's longest word that may not fit a 320 px screen (less <main>'s
 * 1rem each side) at the title's size (`rem`: a page title's 2.25, a section's 1.5), in the
 * reader's size, face and letter spacing. A title with such a word is fitted to the column
 * (PageTitle, SectionTitle, theme.css's title-fit). For a page title: 14 letters at the default, 7
 * in the largest text, 5 in the largest text in Literata with the widest spacing; for a section's,
 * 21 at the default (never, in practice) and 11 in the largest text. `insetPx`: what a card around
 * the title takes of the column (SectionTitle's `inCard`).
 */
export function titleFitFrom(prefs: Preferences, rem = 2.25, insetPx = 0): number {
  const scale = FONT_SCALES[prefs.fontSize];
  const letter = 16 * rem * scale * (TITLE_EM[prefs.typeface] + Number(prefs.letterSpacing));
  return Math.floor((320 - 32 * scale - insetPx) / letter) + 1;
}

/** Line length of story text, in characters. 50-75 read best; the default stays well under 80. */
export const MEASURE_CH = { narrow: 50, default: 66, wide: 80 } as const;

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
  set("fontSize", "--pref-font-scale", String(FONT_SCALES[prefs.fontSize]));
  set("fontWeight", "--pref-font-weight", prefs.fontWeight);
  set("lineHeight", "--pref-line-height", prefs.lineHeight);
  set("paragraphSpacing", "--pref-paragraph-spacing", `${prefs.paragraphSpacing}em`);
  set("letterSpacing", "--pref-letter-spacing", `${prefs.letterSpacing}em`);
  // The same as a number, for the page titles' fit to the column (theme.css, title-fit).
  set("letterSpacing", "--pref-letter-spacing-n", prefs.letterSpacing);
  set("wordSpacing", "--pref-word-spacing", `${prefs.wordSpacing}em`);
  set("measure", "--pref-measure", `${MEASURE_CH[prefs.measure]}ch`);
  // "Left" is the reader's "not justified": a story in Arabic or Hebrew (dir="auto" on its blocks) starts at the right.
  set("textAlign", "--pref-text-align", prefs.textAlign === "left" ? "start" : prefs.textAlign);
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
