// The CSS of the preferences that switch whole rule sets (a typeface, high
// contrast, reduced motion, underlined links). It is sent only in the
// documents of readers who chose them, so a default reader's page (and its
// slow-2g byte budget) carries none of it. Unlayered, so it beats every
// component and utility. The custom properties it and app.css read are set
// on <html> (preferenceStyle).
import { DEFAULT_PREFERENCES, type Preferences, TITLE_EM } from "./preferences";

const DARK_CONTRAST =
  "--c-bg:#000;--c-surface:#000;--c-ink:#fff;--c-muted:#e8e8e8;--c-accent:#ffa3ab;--c-accent-ink:#000;--c-line:#fff";

// --title-em: how wide a letter of a bold page title is in the face (TITLE_EM), for the titles' fit
// to the column (theme.css, title-fit).
export const TYPEFACE_CSS: Record<Preferences["typeface"], string> = {
  default: "[data-typeface=default]{--pref-font-story:var(--stack-serif);--pref-font-body:var(--stack-sans)}",
  serif: `[data-typeface=serif]{--title-em:${TITLE_EM.serif};--pref-font-story:"Literata Variable",Georgia,serif;--pref-font-body:"Literata Variable",Georgia,serif}`,
  sans: `[data-typeface=sans]{--title-em:${TITLE_EM.sans};--pref-font-story:"Atkinson Hyperlegible Next Variable",Verdana,sans-serif;--pref-font-body:"Atkinson Hyperlegible Next Variable",Verdana,sans-serif}`,
  dyslexic: `[data-typeface=dyslexic]{--title-em:${TITLE_EM.dyslexic};--pref-font-story:"Lexend Variable",Verdana,Tahoma,sans-serif;--pref-font-body:"Lexend Variable",Verdana,Tahoma,sans-serif}`,
  system: `[data-typeface=system]{--title-em:${TITLE_EM.system};--pref-font-story:var(--stack-sans);--pref-font-body:var(--stack-sans)}`,
};

// High contrast: black on white, white on black; accents above 7:1 on either.
const CONTRAST_CSS = [
  "[data-contrast=high]{--c-bg:#fff;--c-surface:#fff;--c-ink:#000;--c-muted:#1f1f1f;--c-accent:#8a0010;--c-accent-ink:#fff;--c-line:#000}",
  `[data-contrast=high][data-theme=dark]{${DARK_CONTRAST}}`,
  `@media (prefers-color-scheme:dark){[data-contrast=high][data-theme=system]{${DARK_CONTRAST}}}`,
].join("");

const UNDERLINE_CSS = "[data-underline-links] a{text-decoration-line:underline;text-underline-offset:.15em}";

// The same as prefers-reduced-motion in app.css, for every animation and
// transition of the site (the glitch overlay, the sidebar sheet, and the
// splash and confetti to come, which also read prefersReducedMotion()).
const MOTION_CSS = [
  "[data-motion=reduce] *,[data-motion=reduce] ::before,[data-motion=reduce] ::after{transition:none!important;animation:none!important}",
  "[data-motion=reduce] .cursed-overlay .glitch-text::before,[data-motion=reduce] .cursed-overlay .glitch-text::after{content:none}",
  "[data-motion=reduce] .glitch-static{display:block}",
].join("");

/**
 * In larger text, a story's card (StoryCard, LibraryCard: `story-card`) keeps a phone's 20 px of
 * padding instead of 1.25rem (35 px in the largest text), so that its title has the room of a
 * long word: "Lamplighter's" broke in two at 320 px. It grows with the screen again (5vw), up to
 * 1.25rem (docs/decisions/050). Only in these readers' documents: the default reader's story
 * index has no byte to spare before its first heading.
 */
const LARGER_TEXT_CSS = ".story-card{padding:min(1.25rem,max(20px,5vw))}";

/** The preview box sets every value itself, at a fixed base, whatever the page's own. */
export const PREVIEW_CSS = [
  ".preview-sample{font-size:calc(var(--pref-font-scale,1)*18px);font-weight:var(--pref-font-weight,400);letter-spacing:var(--pref-letter-spacing,normal);word-spacing:var(--pref-word-spacing,normal)}",
  ...Object.values(TYPEFACE_CSS),
].join("");

export function preferenceCss(prefs: Preferences): string {
  return [
    prefs.typeface !== "default" ? TYPEFACE_CSS[prefs.typeface] : "",
    prefs.highContrast ? CONTRAST_CSS : "",
    prefs.underlineLinks ? UNDERLINE_CSS : "",
    prefs.reducedMotion ? MOTION_CSS : "",
    Number(prefs.fontSize) > Number(DEFAULT_PREFERENCES.fontSize) ? LARGER_TEXT_CSS : "",
  ].join("");
}

/** A <style> with the rules `css` names, or nothing at all. */
export function InlineCss({ css }: { css: string }) {
  if (!css) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constants, no reader input
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
