// Once per Playwright run: an empty folder for the pages the browser tests
// keep (tests/support/test.ts), and after the last test the W3C Nu Html
// Checker over those that tests/html-check has not checked (all of them in a
// run that names specs or projects), whichever specs ran. An HTML error fails the run.
// It also seeds the one database that every site the tests start copies (./site-server.ts).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkKeptPages, resetHtmlPages } from "./html-pages.ts";
import { createSeededTemplate, SITE_TEMPLATE_ENV } from "./site-server.ts";

export default async function globalSetup() {
  const templateDir = await mkdtemp(path.join(tmpdir(), "hs-template-"));
  // Workers are started after the global set-up and inherit its environment.
  const [template] = await Promise.all([createSeededTemplate(templateDir), resetHtmlPages()]);
  process.env[SITE_TEMPLATE_ENV] = template;
  return async () => {
    await rm(templateDir, { recursive: true, force: true });
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
  };
}
