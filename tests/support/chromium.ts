// How the tests and the bench start Chromium: Debian's builds by default
// (Playwright's own browser download cannot run on these machines). CHROME_PATH
// points both elsewhere, or set it empty to use Playwright's own.
const chosen = process.env.CHROME_PATH;

/**
 * The browser tests: Debian's `chromium-headless-shell`, the build Playwright itself runs for
 * headless tests (no browser around the page). It does the suite's work with about a third less
 * CPU than the full browser (docs/decisions/026).
 */
export const CHROMIUM_EXECUTABLE = (chosen ?? "/usr/bin/chromium-headless-shell") || undefined;

/** The bench (page loads, Lighthouse): the full browser, as readers run it. */
export const FULL_CHROMIUM_EXECUTABLE = (chosen ?? "/usr/bin/chromium") || undefined;

/** Which Debian package gives each default binary. */
export const CHROMIUM_PACKAGES = {
  "/usr/bin/chromium-headless-shell": "chromium-headless-shell",
  "/usr/bin/chromium": "chromium",
} as const;

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
