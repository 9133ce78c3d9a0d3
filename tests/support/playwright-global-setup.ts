// Once per Playwright run: an empty folder for the pages the browser tests
// keep (tests/support/test.ts), and after the last test the W3C Nu Html
// Checker over those that tests/html-check has not checked (all of them in a
// run that names specs or projects), whichever specs ran. An HTML error fails the run.
// It also seeds the one database that every site the tests start copies (./site-server.ts),
// and, when a PostgreSQL project runs, starts the run's PostgreSQL with a seeded template
// (./postgres.ts) and makes sure nginx is installed (scripts/nginx.ts).
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { ensureNginx } from "../../scripts/nginx.ts";
import { checkKeptPages, resetHtmlPages } from "./html-pages.ts";
import { startPostgresForRun } from "./postgres.ts";
import { removeStaleScratch, scratchDir } from "./scratch-dir.ts";
import { createSeededTemplate, SITE_TEMPLATE_ENV } from "./site-server.ts";

/**
 * Whether a project whose sites run on PostgreSQL is part of this run: all projects run
 * unless `--project` names some (the config this function receives lists every project).
 */
function runsPostgresProject(config: FullConfig): boolean {
  const named: string[] = [];
  process.argv.forEach((arg, i) => {
    if (arg.startsWith("--project=")) named.push(arg.slice("--project=".length));
    else if (arg === "--project" && process.argv[i + 1]) named.push(process.argv[i + 1] as string);
  });
  const postgres = config.projects.filter((project) => project.metadata?.engine === "postgresql");
  if (named.length === 0) return postgres.length > 0;
  const patterns = named.map(
    (name) => new RegExp(`^${name.replace(/[.+^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*")}$`, "i"),
  );
  return postgres.some((project) => patterns.some((pattern) => pattern.test(project.name)));
}

/**
 * The run's PostgreSQL, and nginx: the PostgreSQL projects run the several-process topology behind
 * it (tests/reliability/cluster.spec.ts, tests/smoke-pg). A machine without nginx gets it here, once
 * and after PostgreSQL's install, rather than from two workers' apt-get at the same time.
 */
async function postgresAndNginx() {
  const stop = await startPostgresForRun("seeded");
  try {
    await ensureNginx();
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

export default async function globalSetup(config: FullConfig) {
  const templateDir = await mkdtemp(path.join(scratchDir(), "hs-template-"));
  // Workers are started after the global set-up and inherit its environment.
  const [template, stopPostgres] = await Promise.all([
    createSeededTemplate(templateDir),
    runsPostgresProject(config) ? postgresAndNginx() : undefined,
    resetHtmlPages(),
    // The sites and templates of runs that were stopped before their clean-up (./scratch-dir.ts).
    removeStaleScratch(["hs-site-", "hs-template-"]),
  ]);
  process.env[SITE_TEMPLATE_ENV] = template;
  return async () => {
    await stopPostgres?.();
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
