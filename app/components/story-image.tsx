import { useEffect, useState } from "react";
import type { ResponsiveImage } from "~/images/responsive";

type Connection = { effectiveType?: string; saveData?: boolean; downlink?: number };

/** What the browser says about its connection (Chromium only): slow-2g, 2g or Save-Data. */
export function isSlowConnection(): boolean {
  if (typeof navigator === "undefined") return false;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return Boolean(connection?.saveData || connection?.effectiveType === "2g" || connection?.effectiveType === "slow-2g");
}

/** Set once the first page has hydrated: later renders are client navigations, which may read the connection. */
let hydrated = false;

/**
 * A story's featured image: <picture> with AVIF and WebP renditions from the
 * image endpoint, its real width and height (no layout shift). `priority` is
 * the one image above the fold: loaded eagerly with fetchpriority="high";
 * every other image loads lazily. `deferred`: on a slow connection
 * (docs/decisions/027) the image waits behind a "Show image" disclosure, which
 * works without JavaScript: a lazy image in a closed <details> is not fetched.
 */
export function StoryImage({
  image,
  priority = false,
  deferred = false,
}: {
  image: ResponsiveImage;
  priority?: boolean;
  deferred?: boolean;
}) {
  // On the first page the server's choice stands (hydration must match it);
  // on a client navigation, the browser's own connection figures decide too.
  const [slow] = useState(() => deferred || (hydrated && isSlowConnection()));
  useEffect(() => {
    hydrated = true;
  }, []);
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
        fetchPriority={eager ? "high" : undefined}
        decoding={eager ? "sync" : "async"}
        className="block h-auto w-full rounded-lg"
      />
    </picture>
  );
  // The preview paints with the text (it is inside the page); the sharp image covers it when it arrives.
  const preview = image.preview
    ? {
        backgroundImage: `url(${image.preview})`,
        backgroundSize: "cover",
        aspectRatio: `${image.width} / ${image.height}`,
      }
    : undefined;
  if (slow) {
    return (
      <div className="mt-6">
        {preview ? <div role="img" aria-label={image.alt} className="w-full rounded-lg" style={preview} /> : null}
        <details className="mt-2">
          <summary className="cursor-pointer text-sm underline">
            {preview ? "Show the full image" : `Show image${image.alt ? `: ${image.alt}` : ""}`}
          </summary>
          <div className="mt-2">{picture(false)}</div>
        </details>
      </div>
    );
  }
  return (
    <div className="mt-6 rounded-lg" style={preview}>
      {picture(priority)}
    </div>
  );
}
