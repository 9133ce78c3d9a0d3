import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installErrorLogger } from "./errors/client-logger";
import { CRITICAL_CSS_SELECTOR, CriticalCssContext } from "./styles/critical-css";

// Before anything else can fail: uncaught errors, rejections and failed resources are logged.
installErrorLogger();

// The inlined stylesheet is already in the document; hand the same text back
// to React so hydration matches without shipping the CSS again in a script.
const css = document.querySelector(CRITICAL_CSS_SELECTOR)?.textContent ?? "";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <CriticalCssContext value={css}>
        <HydratedRouter />
      </CriticalCssContext>
    </StrictMode>,
  );
});
