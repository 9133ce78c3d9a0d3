// Once per Playwright run: an empty folder for the pages the browser tests keep
// (tests/support/test.ts), and the W3C Nu Html Checker as a service at the lowest
// CPU priority, fed the kept pages every few seconds while the tests run. After
// the last test the global teardown checks what is left, whichever specs ran
// (tests/html-check does it at the end of a full run). An HTML error fails the run.
import { checkKeptPages, prioritiseChecker, resetHtmlPages, startCheckerService } from "./html-pages.ts";

/** How often the pages kept since the last round go to the service, and at most how many a round. */
const ROUND_MS = 2_000;
const PAGES_A_ROUND = 10;

export default async function globalSetup() {
  await resetHtmlPages();
  const stopService = await startCheckerService();
  let round: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    // A round that fails (the service gone) is not reported here: the teardown's check meets it.
    round = checkKeptPages(PAGES_A_ROUND)
      .catch(() => {})
      .finally(() => {
        busy = false;
      });
  }, ROUND_MS);
  return async () => {
    clearInterval(timer);
    await round;
    try {
      await prioritiseChecker();
      const { pages, errors } = await checkKeptPages();
      if (pages === 0) return; // no browser test ran (e.g. --project=http)
      console.log(
        `\nW3C Nu Html Checker: ${pages} distinct pages the browser tests visited, ${errors.length} HTML errors.`,
      );
      if (errors.length) {
        const more = errors.length > 50 ? `\n... and ${errors.length - 50} more` : "";
        throw new Error(
          `The Nu Html Checker found ${errors.length} HTML errors:\n${errors.slice(0, 50).join("\n")}${more}`,
        );
      }
    } finally {
      await stopService();
    }
  };
}
