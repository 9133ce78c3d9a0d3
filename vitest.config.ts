import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin is not wanted in unit tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    environment: "node",
  },
});
