// The whole site's stylesheet (app/styles/site.css, docs/decisions/043), cached: the inlined
// sheet keeps only what a document's story or list paints (server/page-css.ts).
import { CRITICAL_CSS_SELECTOR } from "./critical-css";
import siteCss from "./site.css?url";

/** The one URL of site.css: every importer must use it (a second import style names a second copy). */
export const SITE_CSS_URL: string = siteCss;

/**
 * What the site layout links right after <main> (a stylesheet in the body holds back only what
 * follows it: the header, sidebar and footer, never the story). The fragment keeps it apart from
 * the copy the root links in the head once hydrated (SITE_CSS_URL, linkSiteStylesheet) (React adopts any stylesheet link of the same
 * href as its own, here one in the body that the layout may unmount); the file is the same. It
 * carries `data-site-css`: what comes before it is what the inlined sheet must style.
 */
export const SITE_CSS_AFTER_MAIN = `${siteCss}#after-main`;

/**
 * site.css in the head once the app runs, right after the inlined sheet and with its precedence
 * (React puts every stylesheet a lazy part renders with a precedence after the last element of
 * the document that has one: pages.css and the tooltip's rules come after it, docs/decisions/034),
 * so whatever a client render brings (a popover, the next page, an error page without the site
 * layout) has its rules. Never in the server's document, where it would hold back the first
 * paint; by hydration the body's link has put the file in the HTTP cache. A plain element, not a
 * React one: no second render of the root for it.
 */
export function linkSiteStylesheet() {
  document
    .querySelector(CRITICAL_CSS_SELECTOR)
    ?.insertAdjacentHTML("afterend", `<link rel="stylesheet" href="${SITE_CSS_URL}" data-precedence="critical">`);
}
