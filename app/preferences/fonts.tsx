// The three web fonts a reader may choose, served from our origin (Vite puts
// the fontsource files in build/client/assets with a content hash, so they
// are cached for a year). Only the latin subset, only the chosen face: a
// reader who keeps the default downloads no font at all, and the @font-face
// rules are not even in their document.
import atkinsonUrl from "@fontsource-variable/atkinson-hyperlegible-next/files/atkinson-hyperlegible-next-latin-wght-normal.woff2?url";
import lexendUrl from "@fontsource-variable/lexend/files/lexend-latin-wght-normal.woff2?url";
import literataUrl from "@fontsource-variable/literata/files/literata-latin-wght-normal.woff2?url";
import type { Preferences } from "./preferences";

/** fontsource's latin range (the files hold these characters only). */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

type WebFont = { family: string; url: string; weights: string };

export const WEB_FONTS: Partial<Record<Preferences["typeface"], WebFont>> = {
  serif: { family: "Literata Variable", url: literataUrl, weights: "200 900" },
  sans: { family: "Atkinson Hyperlegible Next Variable", url: atkinsonUrl, weights: "200 800" },
  dyslexic: { family: "Lexend Variable", url: lexendUrl, weights: "100 900" },
};

/** The @font-face rules of `faces` (none for a face that needs no download). */
export function fontFacesCss(faces: Preferences["typeface"][]): string {
  return faces
    .map((face) => WEB_FONTS[face])
    .filter((f): f is WebFont => Boolean(f))
    .map(fontFace)
    .join("");
}

function fontFace(font: WebFont) {
  return `@font-face{font-family:"${font.family}";font-style:normal;font-display:swap;font-weight:${font.weights};src:url(${font.url}) format("woff2");unicode-range:${LATIN}}`;
}

/**
 * The @font-face rules (and, in the head, a preload) for the chosen face;
 * nothing for a face that needs no download. `faces` lists several for the
 * preview page, where a font is fetched only once text uses it.
 */
export function FontFaces({ faces, preload = false }: { faces: Preferences["typeface"][]; preload?: boolean }) {
  const fonts = faces.map((face) => WEB_FONTS[face]).filter((f): f is WebFont => Boolean(f));
  if (!fonts.length) return null;
  return (
    <>
      {preload
        ? fonts.map((font) => (
            <link key={font.url} rel="preload" href={font.url} as="font" type="font/woff2" crossOrigin="anonymous" />
          ))
        : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built from our own constants, no reader input */}
      <style dangerouslySetInnerHTML={{ __html: fonts.map(fontFace).join("") }} />
    </>
  );
}
