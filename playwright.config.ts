import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from "./tests/support/chromium.ts";
import type { SuiteServer } from "./tests/support/suite-servers.ts";

// Every port moves with E2E_PORT_BASE, so two checkouts can run their suites at once.
const BASE = Number(process.env.E2E_PORT_BASE ?? 3210);
const PORT = BASE;
export const baseURL = `http://localhost:${PORT}`;
/** The WordPress-shaped server that is the site's content source in the tests. */
export const WORDPRESS_PORT = BASE + 1;
/** A second site whose WordPress refuses connections: the fallback chain end to end. */
export const DEGRADED_PORT = BASE + 2;
/**
 * The SMTP catcher the site sends mail to, and its HTTP API for reading it.
 * Every port stays within BASE..BASE+9, so suites on bases 1000 apart (3210
 * and 4210) never take each other's ports.
 */
export const SMTP_PORT = BASE + 5;
export const SMTP_HTTP_PORT = BASE + 6;
/** The OpenID Connect provider (tests/support/oidc-provider.ts) the test site offers as "Lantern ID". */
export const OIDC_PORT = BASE + 7;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_PROVIDER = { id: "lantern", name: "Lantern ID" };
/** The administrator the test site creates at start-up. */
export const ADMIN = { email: "admin@horror.test", password: "admin-password-for-tests" };
/** Nothing listens here. */
const REFUSED_URL = `http://127.0.0.1:${BASE + 9}`;

/** Answers once every server of the suite answers (tests/support/suite-servers.ts). */
const READY_PORT = BASE + 8;

/** The servers the browser tests run against, started at once before the first test. */
const SUITE_SERVERS: SuiteServer[] = [
  {
    name: "wordpress",
    args: ["tests/support/wordpress-server.ts", "--port", String(WORDPRESS_PORT)],
    url: `http://127.0.0.1:${WORDPRESS_PORT}/__control/mode`,
  },
  {
    name: "smtp",
    args: ["tests/support/smtp-catcher.ts", "--port", String(SMTP_PORT), "--http-port", String(SMTP_HTTP_PORT)],
    url: `http://127.0.0.1:${SMTP_HTTP_PORT}/messages`,
  },
  {
    name: "oidc",
    args: ["tests/support/oidc-provider.ts", "--port", String(OIDC_PORT)],
    url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
  },
  {
    name: "site",
    args: ["tests/support/e2e-server.ts"],
    url: `${baseURL}/api/health`,
    // Its first sync reads the WordPress-shaped server.
    after: ["wordpress", "smtp", "oidc"],
    env: {
      PORT: String(PORT),
      E2E_DB: "e2e.db",
      WP_URL: `http://127.0.0.1:${WORDPRESS_PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Each test names its own client address, so rate limits do not leak between tests.
      TRUSTED_PROXY_HEADER: "X-Test-Client",
      OIDC_PROVIDERS: OIDC_PROVIDER.id,
      OIDC_LANTERN_ISSUER: OIDC_ISSUER,
      OIDC_LANTERN_CLIENT_ID: "horror-stories-e2e",
      OIDC_LANTERN_CLIENT_SECRET: "e2e-client-secret",
      OIDC_LANTERN_NAME: OIDC_PROVIDER.name,
    },
    stderr: true,
  },
  {
    name: "degraded site",
    args: ["tests/support/e2e-server.ts"],
    url: `http://localhost:${DEGRADED_PORT}/api/health`,
    env: { PORT: String(DEGRADED_PORT), E2E_DB: "e2e-degraded.db", WP_URL: REFUSED_URL },
    stderr: true,
  },
];

/** The suite that loads the machine for a fixed time: it runs after the others (see projects). */
const STRESS = ["**/load.spec.ts"];
/**
 * Reliability specs about the SQLite file itself (a junk file in its place, a full disk under it,
 * its online backup), with no PostgreSQL meaning.
 */
const SQLITE_ONLY = ["**/broken-database.spec.ts", "**/full-disk.spec.ts", "**/backup.spec.ts"];
/**
 * The multi-process suite runs on PostgreSQL, the engine of the several-process topology
 * (docs/decisions/040): on SQLite it took another 50-60 s of the suite's time for the same checks,
 * and two-processes.spec covers several writers on one SQLite file. A database out of reach
 * (database-outage.spec) is a network's fault, which a SQLite file does not have.
 */
const POSTGRESQL_ONLY = ["**/cluster.spec.ts", "**/database-outage.spec.ts"];

export default defineConfig({
  fullyParallel: true,
  // One worker per core, on CI and off it (Playwright's default is half the
  // cores: one on a 2-core machine, which doubled a local run). More workers
  // than cores only stretch every test's timeouts. docs/decisions/026.
  workers: "100%",
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // The list, then the slowest spec files and tests (tests/support/slowest-reporter.ts).
  reporter: [["list"], ["./tests/support/slowest-reporter.ts"]],
  // Keeps every HTML page the browser tests receive, and puts them through the
  // W3C Nu Html Checker once those tests are done (the html project, and at the
  // end of the run for whatever it did not check): any HTML error fails the run
  // (tests/support/html-pages.ts).
  globalSetup: "./tests/support/playwright-global-setup.ts",
  // A test's time limit finds a hang; it is no speed target (those live in `npm run bench`). On CI's
  // two cores the browser tests share the CPU with the checks beside them, and scenarios of 16 s on an
  // idle machine passed 30 s there (stop 68): 60 s, and the long walks (test.slow()) three times that.
  timeout: 60_000,
  use: {
    baseURL,
    // A trace is recorded only for a retry (CI's one retry; `--retries=1` locally): recording
    // every test to keep the failures' cost the suite a sixth of its CPU (docs/decisions/026).
    // A failure always leaves its error context (the page's accessibility tree) and a screenshot
    // of each page of its context, taken by tests/support/test.ts: Playwright's own
    // "only-on-failure" screenshots every page at every context's close, and throws the pictures
    // away when the test passes (docs/decisions/026).
    trace: { mode: "on-first-retry", screenshots: false },
    screenshot: "off",
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Browser tests run twice: JavaScript on, and off as a reader may have it.
    { name: "js-on", testDir: "tests/e2e", use: { javaScriptEnabled: true } },
    // *.js-only.spec.ts covers what exists only with JavaScript (the dialog, the error logger).
    { name: "js-off", testDir: "tests/e2e", testIgnore: /\.js-only\.spec\.ts$/, use: { javaScriptEnabled: false } },
    // Protocol-level checks (bytes, status codes) need no browser, so run once.
    { name: "http", testDir: "tests/http" },
    // Reliability: hostile input, the access and CSRF matrices, upstream faults
    // and crash safety, each against a built server of its own.
    { name: "reliability", testDir: "tests/reliability", testIgnore: [...STRESS, ...POSTGRESQL_ONLY] },
    // The same suites with every site they start on PostgreSQL (tests/support/site-server.ts reads
    // the engine from this metadata; tests/support/postgres.ts gives each site a database of its
    // own on the run's server; docs/decisions/039).
    {
      name: "reliability-pg",
      testDir: "tests/reliability",
      testIgnore: [...STRESS, ...SQLITE_ONLY],
      metadata: { engine: "postgresql" },
    },
    // The browser smoke subset (read, sign in, bookmark, submit, moderate), JavaScript on and off,
    // on the several-process topology: two processes on PostgreSQL behind nginx, started once per
    // worker (tests/smoke-pg/topology.ts; docs/decisions/040).
    { name: "smoke-pg", testDir: "tests/smoke-pg", metadata: { engine: "postgresql" } },
    // The HTML check of every page the browser tests kept, beside the load smoke test (the stress project)
    // (tests/support/html-pages.ts; the global teardown checks what a narrower run keeps).
    { name: "html", testDir: "tests/html-check", dependencies: ["js-on", "js-off"] },
    // The load smoke keeps both cores busy for 20 s, so it runs once the browser
    // tests are done (whose timeouts it would otherwise stretch), beside the HTML
    // check. Crash safety used to wait with it, and the two ran one after the other
    // at the end of every run: it now runs with the reliability suites, after the
    // browser tests too (docs/decisions/026). `--project=stress --no-deps` runs it alone.
    { name: "stress", testDir: "tests/reliability", testMatch: STRESS, dependencies: ["js-on", "js-off", "http"] },
  ],
  // The servers below, started at once by one process (tests/support/suite-servers.ts).
  webServer: {
    command: "node tests/support/suite-servers.ts",
    url: `http://127.0.0.1:${READY_PORT}/`,
    env: { SUITE_SERVERS: JSON.stringify(SUITE_SERVERS), SUITE_READY_PORT: String(READY_PORT) },
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
