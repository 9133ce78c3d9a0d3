// Remote HTML is untrusted: WordPress does not sanitise content.rendered.
// Everything that reaches a page goes through this allow-list first.
import sanitizeHtml from "sanitize-html";
import { isExternalWebLink, isSiteLink } from "~/utils/links";
import { stripControlCharacters } from "./html-text";

export { htmlToText, stripControlCharacters } from "./html-text";

const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "cite",
  "q",
  "pre",
  "code",
  "em",
  "strong",
  "b",
  "i",
  "u",
  "s",
  "small",
  "sub",
  "sup",
  "mark",
  "abbr",
  "span",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

/** The site's own paths that act rather than show: its API and sign-out (a GET there signs out). */
const SITE_ACTION_PATHS = /^\/(api(\/|$)|logout(\/|$))/i;

/** A URL (relative, or on the site's origin) of one of SITE_ACTION_PATHS. */
function isSiteAction(url: string | undefined, siteOrigin?: string): boolean {
  if (url === undefined || !isSiteLink(url, siteOrigin)) return false;
  const parsed = URL.parse(url, siteOrigin ?? "http://site.invalid");
  if (!parsed) return false;
  let path = parsed.pathname;
  try {
    path = decodeURIComponent(path); // "/%61pi/…" is the same path to the server
  } catch {
    // A malformed escape: the path as written.
  }
  return SITE_ACTION_PATHS.test(path);
}

export function sanitizeStoryHtml(html: string, siteOrigin?: string): string {
  return sanitizeHtml(stripControlCharacters(html), {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title", "rel", "target"],
      img: ["src", "alt", "width", "height", "loading", "decoding", "srcset", "sizes"],
      abbr: ["title"],
      th: ["scope", "colspan", "rowspan"],
      td: ["colspan", "rowspan"],
      ol: ["start", "reversed"],
    },
    // No javascript:, data: or other schemes in links or images.
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    // script, style, iframe and the like go with their content.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template"],
    // A link or image to the site's own API or sign-out: an <img> of /api/auth/logout signed out every
    // reader who scrolled to it, a link did it at a click. It stays text (a link) or goes (an image).
    exclusiveFilter: (frame) => frame.tag === "img" && isSiteAction(frame.attribs.src, siteOrigin),
    transformTags: {
      a: (tagName, attribs) => {
        if (isSiteAction(attribs.href, siteOrigin)) return { tagName: "span", attribs: {} };
        // Judged by the parsed origin, not a prefix of SITE_URL (app/utils/links.ts).
        const external = attribs.href !== undefined && isExternalWebLink(attribs.href, siteOrigin);
        const next: Record<string, string> = { ...attribs };
        if (external) {
          next.rel = "noopener noreferrer nofollow ugc";
          next.target = "_blank";
        } else {
          delete next.target;
        }
        return { tagName, attribs: next };
      },
      // Story images load lazily and never block the text.
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
    },
  });
}
