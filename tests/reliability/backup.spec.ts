// `npm run backup` (scripts/backup.ts) while the site takes writes: the copy is one file that opens
// by itself, passes SQLite's integrity check and holds every write acknowledged before the backup
// began; the writers meanwhile get no error. SQLite only (playwright.config.ts): PostgreSQL's
// backup is pg_dump, which the script names instead.
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { httpClient } from "../support/http-client.ts";
import { startSite } from "../support/site-server.ts";
import { expect, test } from "./fixtures.ts";
import { emptyAcknowledged, type WriteKind, write } from "./writers.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** `npm run -s backup -- <args>` as an operator types it, without blocking this process's writers. */
function npmBackup(databaseUrl: string, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "backup", ...(args.length ? ["--", ...args] : [])], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

test("a backup taken under writes opens alone and holds every write acknowledged before it", async () => {
  test.setTimeout(90_000);
  const site = await startSite({ engine: "sqlite" });
  try {
    const acked = emptyAcknowledged();
    const serverErrors: string[] = [];
    let stop = false;
    const kinds: WriteKind[] = ["feedback api", "register api"];
    const writers = Array.from({ length: 4 }, async (_, n) => {
      const client = httpClient(site.url);
      for (let i = n; !stop; i++) {
        const reply = await write(client, kinds[i % kinds.length] as WriteKind, acked);
        if (reply.status >= 500) serverErrors.push(`${reply.status} ${reply.text.slice(0, 100)}`);
      }
    });
    await expect.poll(() => acked.feedback.length + acked.users.length, { timeout: 30_000 }).toBeGreaterThan(20);
    const before = { feedback: [...acked.feedback], users: [...acked.users] };

    const file = path.join(path.dirname(site.dbFile), "copies", "under-writes.db");
    const backup = await npmBackup(site.databaseUrl, [file]);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up the database to ${file}`);
    // The site went on taking writes during and after the copy.
    const during = acked.feedback.length + acked.users.length;
    await expect.poll(() => acked.feedback.length + acked.users.length, { timeout: 10_000 }).toBeGreaterThan(during);
    stop = true;
    await Promise.all(writers);
    expect(serverErrors).toEqual([]);

    // One file: nothing of it waits in a write-ahead log beside it.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const copy = createClient({ url: `file:${file}` });
    try {
      expect((await copy.execute("PRAGMA integrity_check")).rows[0]?.integrity_check).toBe("ok");
      const column = async (sql: string) => new Set((await copy.execute(sql)).rows.map((row) => String(row.v)));
      const feedback = await column(`SELECT content AS v FROM "Feedback"`);
      const users = await column(`SELECT username AS v FROM "User"`);
      expect(before.feedback.filter((content) => !feedback.has(content))).toEqual([]);
      expect(before.users.filter((username) => !users.has(username))).toEqual([]);
      expect(before.feedback.length + before.users.length).toBeGreaterThan(20);
    } finally {
      copy.close();
    }

    // The same name again: refused, and the copy is left as it was.
    const size = statSync(file).size;
    const again = await npmBackup(site.databaseUrl, [file]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`${file} already exists: give the backup a new file name (nothing was written).`);
    expect(statSync(file).size).toBe(size);

    // Without a name: a dated file in backups/ beside the database.
    const dated = await npmBackup(site.databaseUrl);
    expect(dated.code).toBe(0);
    const printed = dated.stdout.match(/Backed up the database to (\S+) \(/)?.[1] ?? "";
    expect(path.dirname(printed)).toBe(path.join(path.dirname(site.dbFile), "backups"));
    expect(path.basename(printed)).toMatch(/^horror-stories-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db$/);
    expect(existsSync(printed)).toBe(true);
  } finally {
    await site.dispose();
  }
});

test("on PostgreSQL the backup names pg_dump and exits with 1, without printing the URL", async () => {
  const url = "postgresql://horror:secret-of-the-operator@127.0.0.1:1/horror";
  const result = await npmBackup(url);
  expect(result.code).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr.trim()).toBe(
    'This database is PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=horror-stories.dump "$DATABASE_URL" (restore with pg_restore).',
  );
  expect(result.stderr).not.toContain("secret-of-the-operator");
});
