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
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    env: { NODE_ENV: "test" },
  },
});
