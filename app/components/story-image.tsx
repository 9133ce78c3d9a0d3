import { useState } from "react";
import type { ResponsiveImage } from "~/images/responsive";
import { browserConnection, isSlowConnection, SLOW_CONNECTION_EXPRESSION } from "~/utils/connection";
import { escapeHtml } from "~/utils/html";
import { useScriptNonce } from "~/utils/script-nonce";
import { useHydrated } from "~/utils/use-hydrated";

/** The query parameter that asks for the full image whatever the connection ("?image=full"). */
export const SHOW_IMAGE_PARAM = "image";
const HERO_ID = "story-image";

/**
 * What the image's box holds: the image, or the preview with a "Show the full
 * image" link, or, where only the browser knows the connection (no hints, the
 * first page), the preview with the image in an inert <template> that the
 * inline script after the box puts in place while the page is parsed.
 */
type HeroMode = "image" | "preview" | "decide";

/**
 * Runs where it stands, right after the box, before any module has loaded
 * (on slow-2g the modules wait for the load event and an interaction, decision
 * 028): on a link that is not slow, the <template>'s image replaces the link and
 * starts loading at once, eager and high-priority, as if the server had sent it.
 * It carries the render's nonce, so the document's CSP carries its hash
 * (app/utils/script-nonce.ts).
 */
export const HERO_SCRIPT = `(function(s){if(${SLOW_CONNECTION_EXPRESSION})return;var b=s.previousElementSibling,t=b&&b.querySelector("template");if(t)b.replaceChildren(t.content);})(document.currentScript)`;

/**
 * A story's featured image: <picture> with AVIF and WebP renditions from the
 * image endpoint, in a box of its real aspect ratio that shows an inline
 * preview (no layout shift, whenever the image comes).
 *
 * When it loads is decided from measurements (docs/decisions/027): on slow-2g
 * the image arrives seconds after the text and becomes the page's LCP, so it
 * loads at once (eager, fetchpriority="high" when `priority`) only when the
 * connection is known to be fast: from the server's hints (`connection`), or
 * from the browser's own figures, read by the inline script while the page is
 * parsed or, on a client navigation, at render. Otherwise the preview stays,
 * with a "Show the full image" link to the same page with ?image=full, which
 * works without JavaScript. (A lazy image in a closed <details> would not do:
 * Chromium fetches it.)
 *
 * The box's content is markup the server wrote, which React leaves as it is
 * when it hydrates: the inline script may have changed it by then.
 */
export function StoryImage(props: {
  image: ResponsiveImage;
  priority?: boolean;
  connection?: "slow" | "fast" | "unknown";
}) {
  // A new image is a new box: its decision is taken afresh (a client navigation between stories).
  return <HeroBox key={props.image.src} {...props} />;
}

function HeroBox({
  image,
  priority = false,
  connection = "fast",
}: {
  image: ResponsiveImage;
  priority?: boolean;
  connection?: "slow" | "fast" | "unknown";
}) {
  // Taken once: while hydrating the server's page the inline script has decided
  // ("decide" must stay, so React keeps its markup); on a client navigation the
  // browser's figures decide at once, since React does not run a script it inserts.
  const hydrated = useHydrated();
  const nonce = useScriptNonce();
  const [unknown] = useState<HeroMode>(() =>
    !hydrated ? "decide" : isSlowConnection(browserConnection()) ? "preview" : "image",
  );
  const mode: HeroMode = connection === "fast" ? "image" : connection === "slow" ? "preview" : unknown;
  const box = {
    aspectRatio: `${image.width} / ${image.height}`,
    ...(image.preview ? { backgroundImage: `url(${image.preview})`, backgroundSize: "cover" } : {}),
  };
  return (
    <div id={HERO_ID} className="mt-6">
      <div
        className="relative rounded-lg bg-surface"
        style={box}
        // The inline script may have put the image in place of the link: that difference is meant.
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: markup built here from escaped values, so the inline script can change it before hydration
        dangerouslySetInnerHTML={{ __html: heroMarkup(image, mode, priority) }}
      />
      {mode === "decide" ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script (its hash is in the page's CSP)
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HERO_SCRIPT }} />
      ) : null}
    </div>
  );
}

/** The box's content for a mode, as markup (React renders it as it is). */
export function heroMarkup(image: ResponsiveImage, mode: HeroMode, priority: boolean): string {
  const picture = pictureMarkup(image, priority);
  if (mode === "image") return picture;
  // The link sits on the preview, inside the image's box: when the image replaces it, nothing
  // below moves (CLS 0; Lighthouse saw 0.009 when it sat below). At the box's top, so a link
  // painted before the rest of its text has arrived grows downwards: at the bottom it moved up
  // a line when its text wrapped (0.0013 with the HTML cut inside it).
  const href = `?${SHOW_IMAGE_PARAM}=full#${HERO_ID}`;
  const label = `Show the full image${image.alt ? `: ${image.alt}` : ""}`;
  const link = `<p class="absolute inset-x-2 top-2 m-0 text-sm"><a href="${escapeHtml(href)}" class="inline-block rounded bg-surface px-2 py-1">${escapeHtml(label)}</a></p>`;
  return mode === "decide" ? `${link}<template>${picture}</template>` : link;
}

/** Eager and high-priority for the one image above the fold (`priority`), lazy otherwise. */
function pictureMarkup(image: ResponsiveImage, priority: boolean): string {
  const sources = image.sources
    .map(
      (source) =>
        `<source type="${escapeHtml(source.type)}" srcset="${escapeHtml(source.srcSet)}" sizes="${escapeHtml(image.sizes)}">`,
    )
    .join("");
  const attributes = [
    `src="${escapeHtml(image.src)}"`,
    `width="${image.width}"`,
    `height="${image.height}"`,
    `alt="${escapeHtml(image.alt)}"`,
    `loading="${priority ? "eager" : "lazy"}"`,
    priority ? `fetchpriority="high"` : "",
    `decoding="async"`,
    `class="block h-auto w-full rounded-lg"`,
  ].filter(Boolean);
  return `<picture>${sources}<img ${attributes.join(" ")}></picture>`;
}
