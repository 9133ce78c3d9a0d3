// A story's text for a download: the HTML the content chain already sanitised
// (app/content/html.server.ts, the page's own sanitiser) re-serialised for a
// file that lives away from the site. An EPUB needs well-formed XHTML, and no
// resource outside the package (EPUB 3.3 §3.9: a remote image in a content
// document is an error for epubcheck), so images leave the text (the cover is
// the story's image) and site-relative links become absolute: in a file on a
// reader's device, "/stories" names nothing.
import render from "dom-serializer";
import type { ChildNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";

/** Elements that only carry an image: dropped with it (a figure's caption goes too, it captions nothing). */
const IMAGE_ONLY = new Set(["img", "picture", "figure"]);

function absolutise(href: string, siteOrigin: string): string | null {
  const url = URL.parse(href, siteOrigin);
  if (!url || !/^(https?|mailto):$/.test(url.protocol)) return null;
  return url.href;
}

function rewrite(nodes: ChildNode[], siteOrigin: string): ChildNode[] {
  const kept: ChildNode[] = [];
  for (const node of nodes) {
    if (node.type === "comment" || node.type === "directive") continue;
    if (node.type !== "tag") {
      kept.push(node);
      continue;
    }
    const element = node as Element;
    if (IMAGE_ONLY.has(element.name)) continue;
    if (element.name === "a") {
      const href = element.attribs.href ? absolutise(element.attribs.href, siteOrigin) : null;
      // The page's rel and target are for a browser tab; a reading system opens links its own way.
      const { title } = element.attribs;
      element.attribs = { ...(href ? { href } : {}), ...(title ? { title } : {}) };
    }
    element.children = rewrite(element.children, siteOrigin);
    kept.push(element);
  }
  return kept;
}

/**
 * Sanitised story HTML for a download: images out, links absolute, text
 * escaped; as XHTML (every element closed) for an EPUB, as HTML for the single file.
 */
export function downloadText(sanitisedHtml: string, siteOrigin: string, syntax: "xhtml" | "html"): string {
  const document = parseDocument(sanitisedHtml);
  return render(rewrite(document.children, siteOrigin), { xmlMode: syntax === "xhtml", encodeEntities: "utf8" });
}
