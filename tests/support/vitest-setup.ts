// Runs in each test file's worker before the file imports app code: a private
// copy of the migrated template database, so no two files ever share rows.
// (Named by process: Vitest gives concurrent workers the same VITEST_POOL_ID.
// The global setup removes the copies after the run.)
import { copyFileSync } from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";

const dataDir = path.resolve(import.meta.dirname, "../.data");
const file = path.join(dataDir, `vitest-${process.pid}-${threadId}.db`);

if (!process.env.HS_TEST_DB_READY) {
  copyFileSync(path.join(dataDir, "vitest-template.db"), file);
  process.env.DATABASE_URL = `file:${file}`;
  process.env.HS_TEST_DB_READY = "1";
}
