// Theme rules (spec §4 Theme): light, dark or system; the toggle flips between
// dark and light, and from system goes to the opposite of the system preference.
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export type ColorScheme = "light" | "dark";

/** localStorage key the spec keeps the theme under; mirrored by the client. */
export const THEME_STORAGE_KEY = "vite-ui-theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export function flipTheme(current: Theme, systemScheme: ColorScheme): ColorScheme {
  const shown = current === "system" ? systemScheme : current;
  return shown === "dark" ? "light" : "dark";
}
