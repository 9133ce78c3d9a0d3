import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${PORT}`;

// Debian's Chromium by default (Playwright's own download cannot run on these
// machines); CHROME_PATH points elsewhere, or set it empty to use Playwright's.
const executablePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: executablePath || undefined,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node tests/support/e2e-server.ts",
    url: `${baseURL}/api/health`,
    env: { PORT: String(PORT) },
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
