import { globSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

/**
 * The tests that use the app's database (they import app/db.server.ts or a Prisma client), which
 * run a second time on PostgreSQL (docs/decisions/039). Found by reading the files, so a new one
 * joins by itself; the other server tests (HTML, Markdown, mail, images) would only repeat.
 */
const DATABASE_TESTS = globSync("app/**/*.server.test.ts").filter((file) =>
  /db\.server|prisma/.test(readFileSync(file, "utf8")),
);
/** libSQL's busy handling (decision 008): nothing of it runs on PostgreSQL. */
const SQLITE_ONLY_TESTS = ["app/db.server.test.ts"];

// Kept apart from vite.config.ts: the React Router plugin is not wanted in unit tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/support/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "postgresql",
          include: DATABASE_TESTS,
          exclude: SQLITE_ONLY_TESTS,
          globalSetup: ["tests/support/vitest-postgres-setup.ts"],
          env: { HS_TEST_ENGINE: "postgresql" },
        },
      },
    ],
    environment: "node",
    // One worker per core (Vitest's default leaves one core out: a single worker on a
    // 2-core machine, 33 s instead of 20; docs/decisions/026).
    maxWorkers: "100%",
    // happy-dom's default page is http://localhost:3000/, where a developer's own
    // server may run: a relative fetch would reach it. A host that never
    // resolves (RFC 2606 .invalid) keeps tests to the servers they start.
    environmentOptions: { happyDOM: { url: "http://tests-start-their-own-servers.invalid/" } },
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    env: { NODE_ENV: "test" },
    // What a test prints (the mail that is not sent without an SMTP URL, a server's log lines) is
    // shown only for a test that fails, where it helps; `npm test`'s console stays the results.
    silent: "passed-only",
    // `npm test` runs these beside the browser tests at the lowest CPU priority (scripts/test.ts),
    // where a test may wait seconds for a core: a timeout there is for a hang, not for slowness.
    ...(process.env.HS_CHECKS_AT_LOW_PRIORITY ? { testTimeout: 30_000, hookTimeout: 30_000 } : {}),
  },
});
