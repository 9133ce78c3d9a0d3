import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin is not wanted in unit tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/support/**/*.test.ts",
      "bench/**/*.test.ts",
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
