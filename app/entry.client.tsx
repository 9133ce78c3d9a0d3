import { StrictMode, startTransition, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installErrorLogger } from "./errors/client-logger";
import { CRITICAL_CSS_SELECTOR, CriticalCssContext } from "./styles/critical-css";

// Before anything else can fail: uncaught errors, rejections and failed resources are logged.
installErrorLogger();

// The inlined stylesheet is already in the document; hand the same text back
// to React so hydration matches without shipping the CSS again in a script.
const css = document.querySelector(CRITICAL_CSS_SELECTOR)?.textContent ?? "";

// React sets a pre-filled <textarea> back to the server's text as it takes the page over (react-dom's
// initTextarea), so what a reader typed into one before the app ran was lost: a writer editing their
// story on slow-2g, where the app starts at the first tap and takes many seconds (docs/decisions/028).
// Read here, before React, and given back (with the input event the page's own code listens to) once
// the page is the app's. An <input> keeps what was typed by itself.
const typed = [...document.querySelectorAll("textarea")]
  .filter((t) => t.value !== t.defaultValue)
  .map((t) => [t, t.value] as const);

function GiveBackTyped() {
  useLayoutEffect(() => {
    for (const [textarea, value] of typed) {
      if (textarea.value === value) continue;
      textarea.value = value;
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, []);
  return null;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <CriticalCssContext value={css}>
        <HydratedRouter />
        <GiveBackTyped />
      </CriticalCssContext>
    </StrictMode>,
  );
});
