// The W3C Nu Html Checker over every page the browser tests of this run kept
// (tests/support/html-pages.ts). It waits for the browser projects, as the
// stress tests do, and runs beside them rather than after the last test; what a
// run leaves unchecked (one that names specs or projects) the global teardown
// checks. Any HTML error fails the run either way.
import { expect, test } from "@playwright/test";
import { checkKeptPages } from "../support/html-pages.ts";

test("every page the browser tests visited is valid HTML (W3C Nu Html Checker)", async () => {
  // Two Java processes over about 420 pages, on cores the load smoke test shares.
  test.setTimeout(180_000);
  const { pages, errors } = await checkKeptPages();
  expect(pages, "pages kept by the browser tests").toBeGreaterThan(0);
  expect(errors, `${errors.length} HTML errors on ${pages} pages`).toEqual([]);
});
