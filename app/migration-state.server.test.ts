// The check reads the history through the app's Prisma client (db.server.ts): the first test runs
// on both engines' test databases.
import path from "node:path";
import { expect, test } from "vitest";
import { checkMigrations, compareMigrations, type MigrationRow, refusalMessage } from "./migration-state.server";

const root = path.resolve(import.meta.dirname, "..");
const done = (migration_name: string): MigrationRow => ({
  migration_name,
  finished_at: "2026-12-01T00:00:00Z",
  rolled_back_at: null,
});

test("the test database, migrated from this code's history (SQLite's or PostgreSQL's), starts", async () => {
  expect(await checkMigrations(root)).toBeNull();
});

test("a database behind the code is told to migrate", () => {
  const state = compareMigrations(["a_init", "b_more", "c_latest"], [done("a_init")]);
  expect(state).toEqual({ empty: false, pending: ["b_more", "c_latest"], unknown: [], failed: [] });
  expect(refusalMessage(state, "/data/site.db")).toBe(
    "Cannot start: the database (/data/site.db) lacks 2 migration(s) of this code (b_more, c_latest): run `npm run db:migrate` (the Docker image runs it at its start), then start again.",
  );
});

test("a database a newer version migrated is refused, naming what it has", () => {
  const state = compareMigrations(["a_init"], [done("a_init"), done("z_newer")]);
  expect(state.unknown).toEqual(["z_newer"]);
  expect(refusalMessage(state, "db")).toContain(
    "the database (db) is newer than this code: a later version applied 1 migration(s) this version does not have (z_newer).",
  );
});

test("a never-migrated database, a failed migration, and a rolled-back row", () => {
  expect(refusalMessage(compareMigrations(["a_init"], null), "db")).toContain("has no tables yet");
  const failed = compareMigrations(["a_init", "b_more"], [done("a_init"), { ...done("b_more"), finished_at: null }]);
  expect(failed).toMatchObject({ failed: ["b_more"], pending: [] });
  expect(refusalMessage(failed, "db")).toContain("a migration failed part-way on the database (db): b_more.");
  // A row rolled back and applied again (Prisma keeps both) counts once, as applied.
  const redone = compareMigrations(
    ["a_init"],
    [{ ...done("a_init"), finished_at: null, rolled_back_at: "2026-12-01T00:00:00Z" }, done("a_init")],
  );
  expect(refusalMessage(redone, "db")).toBeNull();
});
