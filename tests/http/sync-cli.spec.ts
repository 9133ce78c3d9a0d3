import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { WORDPRESS_PORT } from "../../playwright.config";
import { deploy } from "../../scripts/migrate.ts";

const root = path.resolve(import.meta.dirname, "../..");

test("npm run sync copies every post of the remote (the latest 20 and the older pages) into the database", async () => {
  const file = path.join(root, "tests/.data/sync-cli.db");
  rmSync(file, { force: true });
  await deploy(`file:${file}`);
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(root, "scripts/sync.ts"), ...args], {
      cwd: root,
      encoding: "utf8",
      timeout: 30_000,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: `file:${file}`,
        SESSION_SECRET: "sync-cli-secret-that-is-long-enough-00000",
        WP_URL: `http://127.0.0.1:${WORDPRESS_PORT}`,
        WPCOM_SITE: "",
      },
    });
  const first = run();
  expect(first.stdout).toContain("success: Synced 24 posts from WordPress (24 new).");
  expect(first.status).toBe(0);
  // Within 2.5 minutes of the last sync it is skipped, unless forced.
  expect(run().stdout).toContain("skipped:");
  expect(run("--force").stdout).toContain("success: Synced 24 posts from WordPress (0 new).");
});
