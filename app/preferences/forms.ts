// One schema per settings form (shared by the page and its action).
import { z } from "zod";
import { THEMES } from "~/theme/theme";
import { PAGE_FIELDS, PRESET_IDS, type SettingsPage } from "./preference-options";
import { FIELD_SCHEMAS } from "./preference-schemas";
import type { PreferenceKey } from "./preferences";

function pick<K extends PreferenceKey>(keys: readonly K[]) {
  return z.object(
    Object.fromEntries(keys.map((key) => [key, FIELD_SCHEMAS[key]])) as { [P in K]: (typeof FIELD_SCHEMAS)[P] },
  );
}

export const FontsSchema = pick(PAGE_FIELDS.fonts);
export const ReadingPreferencesSchema = pick(PAGE_FIELDS.reading);
export const QuickSettingsSchema = pick(PAGE_FIELDS.quick).extend({
  theme: z.enum(THEMES, { error: "Choose light, dark or system." }),
});
export const PreviewSchema = pick(PAGE_FIELDS.preview);

export const PAGE_SCHEMAS = {
  fonts: FontsSchema,
  reading: ReadingPreferencesSchema,
  quick: QuickSettingsSchema,
  preview: PreviewSchema,
} as const satisfies Record<SettingsPage, z.ZodType>;

export const PresetSchema = z.object({ preset: z.enum(PRESET_IDS, { error: "Choose one of the presets." }) });

/** The intents every settings form knows (the named submit buttons). */
export const INTENTS = ["save", "reset", "preset"] as const;
export type Intent = (typeof INTENTS)[number];

/** Where each settings page lives (the action redirects back there). */
export const PAGE_PATHS: Record<SettingsPage, string> = {
  fonts: "/settings/fonts",
  reading: "/settings/accessibility",
  quick: "/settings/quick-settings",
  preview: "/settings/preview",
};
