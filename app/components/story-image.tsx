import { useEffect, useState } from "react";
import type { StoryImage as Image } from "~/content/story";

type Connection = { effectiveType?: string; saveData?: boolean };

/**
 * A story's featured image with its size set (no layout shift), loaded lazily.
 * The server already chose the small rendition from the Save-Data and ECT
 * hints; with JavaScript, navigator.connection can still switch to it before
 * the lazy image starts loading.
 */
export function StoryImage({ image, low }: { image: Image; low: boolean }) {
  const [useLow, setUseLow] = useState(low);
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: Connection }).connection;
    if (connection?.saveData || connection?.effectiveType === "2g" || connection?.effectiveType === "slow-2g") {
      setUseLow(true);
    }
  }, []);
  return (
    <img
      src={useLow ? image.lowSrc : image.src}
      width={useLow ? image.lowWidth : image.width}
      height={useLow ? image.lowHeight : image.height}
      alt={image.alt}
      loading="lazy"
      decoding="async"
      className="mt-6 h-auto w-full rounded-lg"
    />
  );
}
