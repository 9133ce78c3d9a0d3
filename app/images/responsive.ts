// What a page needs to show one image responsively: <picture> with an AVIF and
// a WebP srcset, a JPEG fallback, its real width and height (no layout shift).
// Built on the server (app/images/image-url.server.ts) from an image the
// content chain gave us; rendered by app/components/story-image.tsx.

/** The widths the image endpoint makes (device pixels); a URL asking for another one is a 404. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 768, 1024, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const IMAGE_FORMATS = ["avif", "webp", "jpeg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

export type ResponsiveImage = {
  alt: string;
  /** The JPEG fallback for browsers without AVIF or WebP. */
  src: string;
  /** Intrinsic size of the source image (the aspect ratio the page reserves). */
  width: number;
  height: number;
  sizes: string;
  sources: { type: string; srcSet: string }[];
  /** A tiny WebP as a data: URI, painted under the image until it arrives (docs/decisions/027). */
  preview?: string;
};
