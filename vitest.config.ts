import { defineConfig } from "vitest/config";

/**
 * The tests that use the app's database through Prisma (app/db.server.ts), which
 * run a second time on PostgreSQL (docs/decisions/039): a new one belongs here.
 */
const DATABASE_TESTS = ["app/**/*.server.test.ts"];
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
    // `npm test` runs these beside the browser tests at the lowest CPU priority (scripts/test.ts),
    // where a test may wait seconds for a core: a timeout there is for a hang, not for slowness.
    ...(process.env.HS_CHECKS_AT_LOW_PRIORITY ? { testTimeout: 30_000, hookTimeout: 30_000 } : {}),
  },
});
