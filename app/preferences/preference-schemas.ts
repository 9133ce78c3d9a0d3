// The schemas of the reading preferences (preferences.ts): one per value, for
// what is stored (a cookie, a database row) and what a settings form posts. Apart
// from the values and defaults so the reading pages' JavaScript carries no zod
// (docs/decisions/026).
import { z } from "zod";
import { CONTENT_WARNING_IDS, type ContentWarningId } from "~/stories/content-warnings";
import {
  FONT_SIZES,
  FONT_WEIGHTS,
  LETTER_SPACINGS,
  LINE_HEIGHTS,
  MEASURES,
  PARAGRAPH_SPACINGS,
  TEXT_ALIGNS,
  TYPEFACES,
  WARNING_MODES,
  WORD_SPACINGS,
} from "./preference-options";
import { PREFERENCE_KEYS, type StoredPreferences } from "./preferences";

type Values<T extends readonly { value: string }[]> = T[number]["value"];
const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as unknown as [Values<T>, ...Values<T>[]];

const onOff = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

/** One schema per value; a stored or posted value that fails its schema is dropped (the default stays). */
export const FIELD_SCHEMAS = {
  typeface: z.enum(values(TYPEFACES)),
  fontSize: z.enum(values(FONT_SIZES)),
  fontWeight: z.enum(values(FONT_WEIGHTS)),
  lineHeight: z.enum(values(LINE_HEIGHTS)),
  paragraphSpacing: z.enum(values(PARAGRAPH_SPACINGS)),
  letterSpacing: z.enum(values(LETTER_SPACINGS)),
  wordSpacing: z.enum(values(WORD_SPACINGS)),
  measure: z.enum(values(MEASURES)),
  textAlign: z.enum(values(TEXT_ALIGNS)),
  highContrast: onOff,
  reducedMotion: onOff,
  underlineLinks: onOff,
  contentWarnings: z.enum(values(WARNING_MODES)),
  collapsedWarnings: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.enum(CONTENT_WARNING_IDS as [ContentWarningId, ...ContentWarningId[]]))
      .max(CONTENT_WARNING_IDS.length)
      .transform((ids) => [...new Set(ids)]),
  ),
} as const;

/**
 * Reads stored preferences from anything (a cookie, a database row, a query
 * string): keeps each known key whose value is valid, drops everything else.
 */
export function parseStoredPreferences(raw: unknown): StoredPreferences {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
  const source = raw as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of PREFERENCE_KEYS) {
    if (!Object.hasOwn(source, key)) continue;
    const parsed = FIELD_SCHEMAS[key].safeParse(source[key]);
    if (parsed.success) result[key] = parsed.data;
  }
  return result as StoredPreferences;
}

/** Stored preferences as a query string (the preview page's no-JavaScript "Preview" is a GET). */
export function preferencesFromSearch(params: URLSearchParams): StoredPreferences {
  const raw: Record<string, unknown> = {};
  for (const key of PREFERENCE_KEYS) {
    const all = params.getAll(key);
    if (all.length) raw[key] = key === "collapsedWarnings" ? all : all[0];
  }
  return parseStoredPreferences(raw);
}
