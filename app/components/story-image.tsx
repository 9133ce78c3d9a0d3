import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ResponsiveImage } from "~/images/responsive";

type Connection = { effectiveType?: string; saveData?: boolean };

/** What the browser says about its connection (Chromium only): slow-2g, 2g or Save-Data. */
export function isSlowConnection(): boolean {
  if (typeof navigator === "undefined") return false;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return Boolean(connection?.saveData || connection?.effectiveType === "2g" || connection?.effectiveType === "slow-2g");
}

/** The query parameter that asks for the full image whatever the connection ("?image=full"). */
export const SHOW_IMAGE_PARAM = "image";
const HERO_ID = "story-image";

/** Set once the first page has hydrated: later renders are client navigations, which may read the connection. */
let hydrated = false;

/**
 * A story's featured image: <picture> with AVIF and WebP renditions from the
 * image endpoint, in a box of its real aspect ratio that shows an inline
 * preview (no layout shift, whenever the image comes).
 *
 * When it loads is decided from measurements (docs/decisions/027): on slow-2g
 * the image arrives seconds after the text and becomes the page's LCP, so it
 * loads at once (eager, fetchpriority="high" when `priority`) only when the
 * connection is known to be fast: the server's hints (`connection`), or, with
 * JavaScript, the browser's own figures after hydration. Otherwise the preview
 * stays, with a "Show the full image" link to the same page with
 * ?image=full, which works without JavaScript. (A lazy image in a closed
 * <details> would not do: Chromium fetches it.)
 */
export function StoryImage({
  image,
  priority = false,
  connection = "fast",
}: {
  image: ResponsiveImage;
  priority?: boolean;
  connection?: "slow" | "fast" | "unknown";
}) {
  // On the first page the server's choice stands (hydration must match it);
  // a client navigation may decide at once from the browser's figures.
  const [revealed, setShow] = useState(
    () => connection === "fast" || (connection === "unknown" && hydrated && !isSlowConnection()),
  );
  useEffect(() => {
    hydrated = true;
    if (connection === "unknown" && !isSlowConnection()) setShow(true);
  }, [connection]);
  const show = revealed || connection === "fast";
  const picture = (eager: boolean) => (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={image.sizes} />
      ))}
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager && priority ? "high" : undefined}
        decoding={eager ? "sync" : "async"}
        className="block h-auto w-full rounded-lg"
      />
    </picture>
  );
  const box = {
    aspectRatio: `${image.width} / ${image.height}`,
    ...(image.preview ? { backgroundImage: `url(${image.preview})`, backgroundSize: "cover" } : {}),
  };
  // The link sits on the preview, inside the image's box: when the image replaces it (a fast link
  // found after hydration), nothing below moves (CLS 0; Lighthouse saw 0.009 when it sat below).
  return (
    <div id={HERO_ID} className="mt-6">
      <div className="relative rounded-lg bg-surface" style={box}>
        {show ? (
          picture(priority)
        ) : (
          <p className="absolute inset-x-2 bottom-2 m-0 text-sm">
            <Link
              to={{ search: `?${SHOW_IMAGE_PARAM}=full`, hash: HERO_ID }}
              preventScrollReset
              className="inline-block rounded bg-surface px-2 py-1"
            >
              Show the full image{image.alt ? `: ${image.alt}` : ""}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
