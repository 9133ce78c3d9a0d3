// Runs in each worker before the test files import app code: a private copy of
// the migrated template database, so workers never share rows.
import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";

const dataDir = path.resolve(import.meta.dirname, "../.data");
const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
const file = path.join(dataDir, `vitest-${worker}.db`);

if (!process.env.HS_TEST_DB_READY) {
  rmSync(file, { force: true });
  copyFileSync(path.join(dataDir, "vitest-template.db"), file);
  process.env.DATABASE_URL = `file:${file}`;
  process.env.HS_TEST_DB_READY = "1";
}
