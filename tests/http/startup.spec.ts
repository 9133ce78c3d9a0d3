import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";
import { productionServer } from "../../scripts/start-command";
import { httpClient } from "../support/http-client";
import { freePort } from "../support/ports";
import { scratchDir } from "../support/scratch-dir";
import { startSite } from "../support/site-server";

const root = path.resolve(import.meta.dirname, "../..");

/** A server that should refuse to start: run until it exits, with what it printed. */
const runUntilExit = (server: { args: string[]; env: NodeJS.ProcessEnv }) =>
  spawnSync(process.execPath, server.args, { cwd: root, env: server.env, encoding: "utf8", timeout: 20_000 });

test("a bad environment value stops the server with a message naming the variable", () => {
  const server = productionServer({
    ...process.env,
    NODE_ENV: "production",
    PORT: "65000",
    SITE_URL: "not-a-url",
    SESSION_SECRET: "",
  });
  const result = runUntilExit(server);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Invalid environment configuration");
  expect(result.stderr).toMatch(/SITE_URL: /);
  expect(result.stderr).toMatch(/SESSION_SECRET: is required in production/);
  // A message for the operator, not a stack trace.
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test("on plain http at another host the cookies go without Secure, which a browser would drop, and the start says so", async () => {
  const intranet = await startSite({ env: { SITE_URL: "http://192.0.2.10:8080" } });
  const local = await startSite();
  try {
    const cookies = async (url: string) => (await fetch(`${url}/api/csrf-token`)).headers.getSetCookie();
    const [intranetCookie] = await cookies(intranet.url);
    expect(intranetCookie).toMatch(/^hs_csrf=/);
    expect(intranetCookie).not.toMatch(/;\s*Secure/i);
    expect(intranet.stdout() + intranet.stderr()).toContain(
      "Warning: SITE_URL (http://192.0.2.10:8080) is plain http on a host other than localhost",
    );
    // http://localhost is a secure context to browsers: there (and on https) every cookie keeps Secure.
    const [localCookie] = await cookies(local.url);
    expect(localCookie).toMatch(/;\s*Secure/i);
    expect(local.stdout() + local.stderr()).not.toContain("Warning:");
    // The start line names the readers' address and where the process listens.
    expect(local.stdout()).toContain(`Horror Stories on ${local.url} (listening on 127.0.0.1, port `);
  } finally {
    await Promise.all([intranet.dispose(), local.dispose()]);
  }
});

test("after SIGTERM the SQLite file alone holds every write: the write-ahead log is checkpointed and emptied", async () => {
  const site = await startSite({ engine: "sqlite" });
  const copyDir = await mkdtemp(path.join(scratchDir(), "hs-stopped-copy-"));
  try {
    const username = `stop_${randomUUID().slice(0, 8)}`;
    await httpClient(site.url).register({
      email: `${username}@horror.test`,
      username,
      password: `password-${username}`,
    });
    // While the server runs, the write sits in the write-ahead log, not yet in the file.
    const wal = `${site.dbFile}-wal`;
    expect(existsSync(wal) && statSync(wal).size).toBeGreaterThan(0);

    const stopped = await site.terminate();
    expect(stopped.code).toBe(0);
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);

    // The .db file copied alone, as an operator copies it after a stop, holds the account.
    const copy = path.join(copyDir, "copy.db");
    await copyFile(site.dbFile, copy);
    const db = createClient({ url: `file:${copy}` });
    try {
      const rows = await db.execute({ sql: 'SELECT username FROM "User" WHERE username = ?', args: [username] });
      expect(rows.rows.map((row) => row.username)).toEqual([username]);
      expect((await db.execute("PRAGMA integrity_check")).rows[0]?.integrity_check).toBe("ok");
    } finally {
      db.close();
    }
  } finally {
    await site.dispose();
    await rm(copyDir, { recursive: true, force: true });
  }
});

test("a database behind this code's migrations, or ahead of them, stops the start with what to do, before any page is served", async () => {
  const site = await startSite({ engine: "sqlite" });
  try {
    await site.terminate();
    const [newest] = await site.query<{ migration_name: string }>(
      'SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1',
    );
    const refused = async () => {
      // The site's output so far is the first start's and stop's: read what this start adds.
      const [outBefore, errBefore] = [site.stdout().length, site.stderr().length];
      const error = await site.start().then(
        () => null,
        (thrown: Error) => thrown.message,
      );
      await site.kill();
      expect(error).toMatch(/^The site exited with 1:/);
      // It never listened, so no reader met a 500; the operator reads one line, not a stack trace.
      expect(site.stdout().slice(outBefore)).not.toContain("Horror Stories on");
      const stderr = site.stderr().slice(errBefore);
      expect(stderr).not.toMatch(/\n\s+at /);
      return stderr;
    };

    // A newer version of the site migrated this database.
    await site.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ('from-a-newer-version', 'x', '20991231000000_from_a_newer_version', '2099-12-31', '2099-12-31', 1)`,
    );
    expect(await refused()).toContain(
      `Cannot start: the database (${site.dbFile}) is newer than this code: a later version applied 1 migration(s) this version does not have (20991231000000_from_a_newer_version). Start the version that migrated it (or a newer one), or restore the backup taken before that upgrade.`,
    );

    // The code's newest migration is not applied (it was rolled back).
    await site.query(`DELETE FROM "_prisma_migrations" WHERE id = 'from-a-newer-version'`);
    await site.query(`UPDATE "_prisma_migrations" SET rolled_back_at = '2026-12-01' WHERE migration_name = ?`, [
      newest?.migration_name ?? "",
    ]);
    expect(await refused()).toContain(
      `Cannot start: the database (${site.dbFile}) lacks 1 migration(s) of this code (${newest?.migration_name}): run \`npm run db:migrate\``,
    );

    // The history fits the code again: the site starts and serves.
    await site.query(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL`);
    await site.start();
    expect((await fetch(`${site.url}/api/health`)).status).toBe(200);
  } finally {
    await site.dispose();
  }
});

test("a database never migrated (a fresh clone's) stops the start with the command to run", async () => {
  const dir = await mkdtemp(path.join(scratchDir(), "hs-empty-db-"));
  try {
    const server = productionServer({
      ...process.env,
      NODE_ENV: "production",
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${path.join(dir, "empty.db")}`,
      SITE_URL: "http://localhost:3000",
      SESSION_SECRET: "site-session-secret-that-is-long-enough-000",
      CONTENT_SYNC: "off",
      SMTP_URL: "",
    });
    const result = runUntilExit(server);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `Cannot start: the database (${path.join(dir, "empty.db")}) has no tables yet: run \`npm run db:migrate\` (or \`npm run setup\`, which also adds the demo stories), then start again.`,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).not.toContain("Horror Stories on");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
