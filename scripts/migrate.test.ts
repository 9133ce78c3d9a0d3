// Each engine's migration history builds exactly its schema: after deploy on a
// fresh database the schema engine finds nothing left to change (a migration
// that was not written, or written by hand and wrong, fails here).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { postgresDatabase, stopPostgres } from "../tests/support/postgres.ts";
import { deploy, pendingChanges } from "./migrate.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  // The cluster this file's worker may have started (no global set-up in this project).
  await stopPostgres();
});

it("SQLite: prisma/migrations produce prisma/schema/", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "hs-migrate-test-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const url = `file:${path.join(dir, "m.db")}`;
  expect((await deploy(url)).length).toBeGreaterThan(0);
  expect(await pendingChanges(url)).toBeNull();
  // Deploying 20-odd migrations and diffing took 3.5 to 6 s on a loaded machine (main too): the PostgreSQL test's budget.
}, 60_000);

it("PostgreSQL: prisma/postgres/migrations produce prisma/postgres/schema/", async () => {
  const database = await postgresDatabase("migrations", { contents: "empty" });
  cleanups.push(() => database.dispose());
  expect((await deploy(database.url)).some((name) => name.endsWith("_baseline"))).toBe(true);
  expect(await pendingChanges(database.url)).toBeNull();
  // Applying again is a no-op, as `npm run db:migrate` on a migrated database must be.
  expect(await deploy(database.url)).toEqual([]);
}, 60_000);
