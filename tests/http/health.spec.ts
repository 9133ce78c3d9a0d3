import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { productionServer } from "../../scripts/start-command";
import { freePort } from "../support/ports";

test("GET /api/health answers 200 JSON when the database answers", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
});

test("GET /api/health answers 503 JSON when the database does not", async () => {
  // A second server of the same build whose database cannot be opened.
  const root = path.resolve(import.meta.dirname, "../..");
  const port = await freePort();
  const production = productionServer({
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: "file:/proc/no-such-dir/horror.db",
    SESSION_SECRET: "health-test-secret-that-is-long-enough-0",
  });
  const server = spawn(process.execPath, production.args, { cwd: root, env: production.env, stdio: "ignore" });
  try {
    let response: Response | undefined;
    await expect
      .poll(
        async () => {
          response = await fetch(`http://localhost:${port}/api/health`).catch(() => undefined);
          return response?.status;
        },
        { timeout: 20_000 },
      )
      .toBe(503);
    expect(await response?.json()).toMatchObject({ status: "unavailable", database: "unavailable" });
  } finally {
    server.kill();
  }
});
