// The migration that makes usernames case-insensitive must carry existing
// accounts over, including two that already differ only in case.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, expect, it } from "vitest";

const migrationsDir = path.resolve(import.meta.dirname, "../prisma/migrations");
let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it("username_key backfills lower(username) and gives a later case-duplicate a username of its own", async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hs-migration-"));
  const db = createClient({ url: `file:${path.join(dir, "m.db")}` });
  const names = (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const target = names.findIndex((name) => name.endsWith("_username_key"));
  expect(target).toBeGreaterThan(0);
  const apply = async (name: string) =>
    db.executeMultiple(await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8"));
  for (const name of names.slice(0, target)) await apply(name);

  const insert = (id: string, username: string, createdAt: string) =>
    db.execute({
      sql: 'INSERT INTO "User" ("id", "email", "username", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?)',
      args: [id, `${id}@horror.test`, username, createdAt, createdAt],
    });
  await insert("user-first-000001", "CaseUser", "2026-01-01T00:00:00.000Z");
  await insert("user-later-000002", "caseuser", "2026-02-01T00:00:00.000Z");
  await insert("user-other-000003", "Other_One", "2026-03-01T00:00:00.000Z");
  await db.execute({
    sql: 'INSERT INTO "Password" ("hash", "userId") VALUES (?, ?)',
    args: ["h", "user-later-000002"],
  });

  for (const name of names.slice(target)) await apply(name);

  const rows = (await db.execute('SELECT "id", "username", "usernameKey" FROM "User" ORDER BY "id"')).rows;
  expect(rows.map((r) => ({ ...r }))).toEqual([
    { id: "user-first-000001", username: "CaseUser", usernameKey: "caseuser" },
    { id: "user-later-000002", username: "caseuser-000002", usernameKey: "caseuser-000002" },
    { id: "user-other-000003", username: "Other_One", usernameKey: "other_one" },
  ]);
  // The accounts keep what hangs off them.
  expect((await db.execute('SELECT "userId" FROM "Password"')).rows[0]?.userId).toBe("user-later-000002");
  db.close();
});
