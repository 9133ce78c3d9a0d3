import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { productionServer } from "../../scripts/start-command";

const root = path.resolve(import.meta.dirname, "../..");

test("a bad environment value stops the server with a message naming the variable", () => {
  const server = productionServer({
    ...process.env,
    NODE_ENV: "production",
    PORT: "65000",
    SITE_URL: "not-a-url",
    SESSION_SECRET: "",
  });
  const result = spawnSync(process.execPath, server.args, {
    cwd: root,
    env: server.env,
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Invalid environment configuration");
  expect(result.stderr).toMatch(/SITE_URL: /);
  expect(result.stderr).toMatch(/SESSION_SECRET: is required in production/);
  // A message for the operator, not a stack trace.
  expect(result.stderr).not.toMatch(/\n\s+at /);
});
