// The W3C Nu Html Checker over every page the browser tests of this run kept
// (tests/support/html-pages.ts). Its service has read most of them while the
// browser tests ran; this waits for the browser projects, as the stress tests do,
// gives the service the normal CPU priority and checks the rest beside them. What
// a run leaves unchecked (one that names specs or projects) the global teardown
// checks. Any HTML error fails the run either way.
import { expect, test } from "@playwright/test";
import { checkKeptPages, prioritiseChecker } from "../support/html-pages.ts";

test("every page the browser tests visited is valid HTML (W3C Nu Html Checker)", async () => {
  // Whatever the service has not read yet of about 420 pages, on cores the stress tests share.
  test.setTimeout(180_000);
  await prioritiseChecker();
  const { pages, errors } = await checkKeptPages();
  expect(pages, "pages kept by the browser tests").toBeGreaterThan(0);
  expect(errors, `${errors.length} HTML errors on ${pages} pages`).toEqual([]);
});
