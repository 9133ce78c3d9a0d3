import { createContext, use } from "react";

/**
 * The stylesheet is inlined into the document head: on slow-2g a separate
 * render-blocking CSS request costs a full round trip (about 2 s) before any
 * story text can paint. The server reads the built CSS into this context; the
 * client reads it back from the element it already has, so hydration sees the
 * same text and the browser never downloads it twice.
 */
export const CriticalCssContext = createContext<string>("");

export const CRITICAL_CSS_ID = "critical-css";

export function CriticalCss() {
  const css = use(CriticalCssContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not user input
  return <style id={CRITICAL_CSS_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
