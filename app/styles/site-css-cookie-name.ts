/**
 * The cookie that names the version of site.css a browser fetched (server/site-css-cookie.ts). Not
 * in COOKIE_NAMES (app/utils/site.ts): that object travels in every page's JavaScript, and only the
 * server and the cookie policy need this name. The same `hs_` prefix as every cookie of the site.
 */
export const SITE_CSS_COOKIE = "hs_css";
