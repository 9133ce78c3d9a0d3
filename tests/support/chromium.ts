// How the tests and the bench start Chromium: Debian's build by default
// (Playwright's own download cannot run on these machines); CHROME_PATH points
// elsewhere, or set it empty to use Playwright's.
export const CHROMIUM_EXECUTABLE = (process.env.CHROME_PATH ?? "/usr/bin/chromium") || undefined;

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
