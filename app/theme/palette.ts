// The site's palettes (docs/decisions/019): the colour tokens of the
// light and dark themes and an optional seasonal accent, as an admin sets them
// on /admin/themes. A palette is refused unless every pair that is read
// together passes WCAG 2.1 AA; the rules below are the one copy of that check.
import { z } from "zod";

/** The tokens app/styles/app.css reads as --c-<name> (accentInk is --c-accent-ink). */
export const PALETTE_TOKENS = ["bg", "surface", "ink", "muted", "accent", "accentInk", "line"] as const;
export type PaletteToken = (typeof PALETTE_TOKENS)[number];
export type ThemeColors = Record<PaletteToken, string>;

export type Palette = {
  light: ThemeColors;
  dark: ThemeColors;
  /** Replaces the accent of both themes while on (a Halloween orange, a winter blue...). */
  seasonal: { enabled: boolean; name: string; light: string; dark: string };
};

export const TOKEN_LABELS: Record<PaletteToken, string> = {
  bg: "Page background",
  surface: "Surface (cards, panels)",
  ink: "Text",
  muted: "Secondary text",
  accent: "Accent (links, buttons, focus indicator)",
  accentInk: "Text on accent buttons",
  line: "Lines (separators)",
};

const CSS_NAMES: Record<PaletteToken, string> = {
  bg: "--c-bg",
  surface: "--c-surface",
  ink: "--c-ink",
  muted: "--c-muted",
  accent: "--c-accent",
  accentInk: "--c-accent-ink",
  line: "--c-line",
};

/** The palette of app/styles/app.css: what readers see until an admin saves another. */
export const DEFAULT_PALETTE: Palette = {
  light: {
    bg: "#f6efe3",
    surface: "#fffaf1",
    ink: "#221813",
    muted: "#5c4a3d",
    accent: "#8e1b22",
    accentInk: "#fffaf1",
    line: "#d9c9b2",
  },
  dark: {
    bg: "#15100d",
    surface: "#211914",
    ink: "#efe5d6",
    muted: "#c2b09c",
    accent: "#e8707a",
    accentInk: "#15100d",
    line: "#43352b",
  },
  seasonal: { enabled: false, name: "", light: "#8a3b00", dark: "#f0a050" },
};

const HEX = /^#[0-9a-f]{6}$/;

/** "#ABC", "abc", " #AaBbCc " → "#aabbcc"; anything else stays as typed (and fails the schema). */
export function normaliseHex(value: unknown): unknown {
  if (typeof value !== "string") return value;
  let v = value.trim().toLowerCase();
  if (!v.startsWith("#")) v = `#${v}`;
  if (/^#[0-9a-f]{3}$/.test(v)) v = `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}`;
  return v;
}

const Hex = z.preprocess(
  normaliseHex,
  z.string({ error: "Enter a colour." }).regex(HEX, "Enter a colour as #rrggbb (for example #8e1b22)."),
);

const ThemeColorsSchema = z.object(
  Object.fromEntries(PALETTE_TOKENS.map((t) => [t, Hex])) as Record<PaletteToken, typeof Hex>,
);

export const PaletteSchema = z.object({
  light: ThemeColorsSchema,
  dark: ThemeColorsSchema,
  seasonal: z.object({
    enabled: z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean()),
    // Optional: conform sends an empty field as undefined.
    name: z.string().trim().max(40, "At most 40 characters.").default(""),
    light: Hex,
    dark: Hex,
  }),
});

/** The form's schema: the palette and whether this is a preview or a save. */
export const PaletteFormSchema = PaletteSchema.extend({
  intent: z.enum(["preview", "save", "reset"]),
});

// ---- WCAG 2.1 contrast -------------------------------------------------------

/** Relative luminance, WCAG 2.1 (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance). */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    // WCAG 2.1 says 0.03928; sRGB says 0.04045. No 8-bit value lies between them.
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** Contrast ratio (L1 + 0.05) / (L2 + 0.05), from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** AA: 4.5:1 for normal text (1.4.3), 3:1 for user-interface components and graphics (1.4.11). */
export const AA_TEXT = 4.5;
export const AA_UI = 3;

type Pair = { fg: PaletteToken; bg: PaletteToken; kind: "text" | "ui"; why: string };

/**
 * The pairs the site's CSS reads together. Text pairs: every colour used for
 * text on every background it is used on. UI pairs: the accent as a focus indicator
 * and button fill against the page (1.4.11). The line token draws separators
 * only, never the sole boundary of a control, so it is decorative and not checked.
 */
export const CHECKED_PAIRS: readonly Pair[] = [
  { fg: "ink", bg: "bg", kind: "text", why: "body text" },
  { fg: "ink", bg: "surface", kind: "text", why: "text on cards" },
  { fg: "muted", bg: "bg", kind: "text", why: "secondary text" },
  { fg: "muted", bg: "surface", kind: "text", why: "secondary text on cards" },
  { fg: "accent", bg: "bg", kind: "text", why: "links" },
  { fg: "accent", bg: "surface", kind: "text", why: "links on cards" },
  { fg: "accentInk", bg: "accent", kind: "text", why: "button labels" },
  { fg: "accent", bg: "bg", kind: "ui", why: "focus indicator and buttons against the page" },
  { fg: "accent", bg: "surface", kind: "ui", why: "focus indicator and buttons on cards" },
];

export type PairResult = {
  theme: "light" | "dark";
  seasonal: boolean;
  fg: PaletteToken;
  bg: PaletteToken;
  fgColor: string;
  bgColor: string;
  kind: "text" | "ui";
  why: string;
  ratio: number;
  required: number;
  passes: boolean;
};

/** The colours a theme shows: its own, with the seasonal accent in place of the accent while it is on. */
export function effectiveColors(palette: Palette, theme: "light" | "dark"): ThemeColors {
  const colors = palette[theme];
  return palette.seasonal.enabled ? { ...colors, accent: palette.seasonal[theme] } : colors;
}

/** Every checked pair of both themes (and of the seasonal accent when on), with its ratio. */
export function checkPalette(palette: Palette): PairResult[] {
  const results: PairResult[] = [];
  for (const theme of ["light", "dark"] as const) {
    const colors = effectiveColors(palette, theme);
    for (const pair of CHECKED_PAIRS) {
      const required = pair.kind === "text" ? AA_TEXT : AA_UI;
      // Rounded down to two places, as a checker shows it: 4.499 is not 4.5.
      const ratio = Math.floor(contrastRatio(colors[pair.fg], colors[pair.bg]) * 100) / 100;
      results.push({
        theme,
        seasonal: palette.seasonal.enabled && (pair.fg === "accent" || pair.bg === "accent"),
        fg: pair.fg,
        bg: pair.bg,
        fgColor: colors[pair.fg],
        bgColor: colors[pair.bg],
        kind: pair.kind,
        why: pair.why,
        ratio,
        required,
        passes: ratio >= required,
      });
    }
  }
  return results;
}

/** "Dark theme: Secondary text on Surface (cards, panels) is 3.2:1, needs 4.5:1 (secondary text on cards)". */
export function describeFailure(r: PairResult): string {
  const theme = r.theme === "light" ? "Light theme" : "Dark theme";
  const fg = r.seasonal && r.fg === "accent" ? "Seasonal accent" : TOKEN_LABELS[r.fg];
  const bg = r.seasonal && r.bg === "accent" ? "Seasonal accent" : TOKEN_LABELS[r.bg];
  return `${theme}: ${fg} on ${bg} is ${r.ratio.toFixed(2)}:1, needs ${r.required}:1 (${r.why})`;
}

export function failingPairs(palette: Palette): PairResult[] {
  return checkPalette(palette).filter((r) => !r.passes);
}

// ---- CSS ---------------------------------------------------------------------

function declarations(colors: ThemeColors): string {
  return PALETTE_TOKENS.map((t) => `${CSS_NAMES[t]}:${colors[t]}`).join(";");
}

export function samePalette(a: Palette, b: Palette): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The rules that put a saved palette over app.css's, in its selectors and
 * order (light on :root, dark by data-theme, "system" by the media query).
 * Empty for the default palette, so a default site's pages carry nothing.
 * Values are validated #rrggbb, so nothing here can close the <style>.
 */
export function paletteCss(palette: Palette): string {
  if (samePalette(palette, DEFAULT_PALETTE)) return "";
  const light = declarations(effectiveColors(palette, "light"));
  const dark = declarations(effectiveColors(palette, "dark"));
  return `:root,[data-theme=light]{${light}}[data-theme=dark]{${dark}}@media (prefers-color-scheme:dark){[data-theme=system]{${dark}}}`;
}
