// Runs in each test file's worker before the file imports app code: a private
// copy of this run's migrated template database, so no two files ever share
// rows. (Named by process: Vitest gives concurrent workers the same
// VITEST_POOL_ID.) The global setup removes the copies after the run.
import { copyFileSync } from "node:fs";
import { threadId } from "node:worker_threads";

const prefix = process.env.HS_TEST_DB_PREFIX;

if (prefix && !process.env.HS_TEST_DB_READY) {
  const file = `${prefix}${process.pid}-${threadId}.db`;
  copyFileSync(`${prefix}template.db`, file);
  process.env.DATABASE_URL = `file:${file}`;
  process.env.HS_TEST_DB_READY = "1";
}
