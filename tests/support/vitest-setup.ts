// Runs in each test file's worker before the file imports app code: a private
// copy of this run's migrated template database, so no two files ever share
// rows. (Named by process: Vitest gives concurrent workers the same
// VITEST_POOL_ID.) The global setup removes the copies after the run.
// In the postgresql project (HS_TEST_ENGINE) the copy is a database on the
// run's PostgreSQL server (tests/support/postgres.ts, docs/decisions/039).
import { copyFileSync } from "node:fs";
import { threadId } from "node:worker_threads";

const prefix = process.env.HS_TEST_DB_PREFIX;

if (!process.env.HS_TEST_DB_READY) {
  if (process.env.HS_TEST_ENGINE === "postgresql") {
    const { postgresDatabase } = await import("./postgres.ts");
    const database = await postgresDatabase(`vitest_${threadId}`, { contents: "migrated" });
    process.env.DATABASE_URL = database.url;
    process.env.HS_TEST_DB_READY = "1";
  } else if (prefix) {
    const file = `${prefix}${process.pid}-${threadId}.db`;
    copyFileSync(`${prefix}template.db`, file);
    process.env.DATABASE_URL = `file:${file}`;
    process.env.HS_TEST_DB_READY = "1";
  }
}
