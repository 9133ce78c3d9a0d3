// Image URLs the site hands out: /img/{token}/{width}.{format}, where the token
// carries the source URL and an HMAC of it. The endpoint only ever fetches a
// source whose token it signed itself, i.e. a URL the content chain produced
// (a featured image of a configured WordPress, or a file of our own): a reader
// cannot make the server fetch an address of their choosing (SSRF).
import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecrets } from "~/env.server";
import { IMAGE_TYPES, IMAGE_WIDTHS, type ImageFormat, type ResponsiveImage } from "./responsive";

/** The longest source URL we sign; longer ones are not shown as images. */
export const MAX_SOURCE_LENGTH = 1024;
const SIGNATURE_LENGTH = 22; // 132 bits of HMAC-SHA256, base64url

/** The column the hero image fills: the story column (app/styles/app.css .story-column) minus the page padding. */
export const HERO_SIZES = "(min-width: 48rem) 42rem, calc(100vw - 2rem)";

function sign(source: string, secret: string): string {
  return createHmac("sha256", `image-url:${secret}`).update(source).digest("base64url").slice(0, SIGNATURE_LENGTH);
}

/** A source the endpoint may fetch: http(s) URL, or an absolute path of our own origin. */
export function isImageSource(source: string): boolean {
  if (source.length > MAX_SOURCE_LENGTH) return false;
  if (source.startsWith("/")) return !source.startsWith("//") && !source.includes("\\");
  const url = URL.parse(source);
  return Boolean(url && (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password);
}

export function imageToken(source: string): string {
  return `${Buffer.from(source, "utf8").toString("base64url")}.${sign(source, sessionSecrets[0] as string)}`;
}

/** The source a token names when its signature is ours (any configured secret), else null. */
export function verifyImageToken(token: string): string | null {
  const dot = token.indexOf(".");
  if (dot <= 0 || token.length > MAX_SOURCE_LENGTH * 2) return null;
  const encoded = token.slice(0, dot);
  const signature = Buffer.from(token.slice(dot + 1));
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  const source = Buffer.from(encoded, "base64url").toString("utf8");
  if (!isImageSource(source)) return null;
  for (const secret of sessionSecrets) {
    const expected = Buffer.from(sign(source, secret));
    if (expected.length === signature.length && timingSafeEqual(expected, signature)) return source;
  }
  return null;
}

export const imageUrl = (token: string, width: number, format: ImageFormat) =>
  `/img/${token}/${width}.${format === "jpeg" ? "jpg" : format}`;

/**
 * The renditions of an image of `width` x `height` at `source`: every endpoint
 * width below the source's (never enlarged) plus the source's own width when it
 * is not one of them. Null when the source is not one we serve.
 */
export function responsiveImage(
  image: { src: string; alt: string; width: number; height: number },
  sizes = HERO_SIZES,
): ResponsiveImage | null {
  if (!isImageSource(image.src) || !(image.width > 0 && image.height > 0)) return null;
  const token = imageToken(image.src);
  const widths = IMAGE_WIDTHS.filter((w) => w <= image.width);
  const largest = IMAGE_WIDTHS.find((w) => w > image.width);
  // A source narrower than the next step still gets that step's URL: the endpoint answers it at the source's width.
  if (largest && widths.at(-1) !== image.width && widths.length < IMAGE_WIDTHS.length) widths.push(largest);
  const set = (format: ImageFormat) =>
    widths.map((w) => `${imageUrl(token, w, format)} ${Math.min(w, image.width)}w`).join(", ");
  const fallbackWidth = widths.filter((w) => w <= 640).at(-1) ?? widths[0] ?? 160;
  return {
    alt: image.alt,
    src: imageUrl(token, fallbackWidth, "jpeg"),
    width: image.width,
    height: image.height,
    sizes,
    sources: (["avif", "webp"] as const).map((format) => ({ type: IMAGE_TYPES[format], srcSet: set(format) })),
  };
}
