import { createContext, use } from "react";

/**
 * The stylesheet is inlined into the document head: on slow-2g a separate
 * render-blocking CSS request costs a full round trip (about 2 s) before any
 * story text can paint. The server reads the built CSS into this context; the
 * client reads it back from the element it already has, so hydration sees the
 * same text and the browser never downloads it twice.
 */
export const CriticalCssContext = createContext<string>("");

/** The `href` React 19 knows the inlined sheet by (it renders it as `data-href`). */
export const CRITICAL_CSS_HREF = "critical-css";
export const CRITICAL_CSS_SELECTOR = `style[data-href~="${CRITICAL_CSS_HREF}"]`;

/**
 * A React 19 stylesheet with a precedence, the first one of the document: React inserts every
 * stylesheet a lazy part renders later with a precedence of its own (the quick settings'
 * pages.css, the tooltip's rules) after the last one it knows, and with none it put them ahead
 * of everything in <head>. pages.css then came before this sheet and its layers were declared
 * first: Tailwind's base and components beat every utility of the page (issue 40,
 * docs/decisions/034). React adopts the server's element when it hydrates; it never compares
 * the text.
 */
export function CriticalCss() {
  const css = use(CriticalCssContext);
  return (
    <style href={CRITICAL_CSS_HREF} precedence="critical">
      {css}
    </style>
  );
}
