// A site of its own for a test: the production build (as `npm start` runs it) on a fresh
// migrated and seeded database in a temporary folder, on a free port. Unlike
// the shared suite server, a test may count its rows without other tests
// writing to it, kill it with SIGKILL and start it again on the same database.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import pg from "pg";
import { type DatabaseEngine, numberedPlaceholders } from "../../app/database.ts";
import { productionServer } from "../../scripts/start-command.ts";
import { freePort } from "./ports.ts";
import { type PostgresDatabase, postgresDatabase } from "./postgres.ts";
import { scratchDir } from "./scratch-dir.ts";

const root = path.resolve(import.meta.dirname, "../..");

export type SiteOptions = {
  /** Extra environment for the server (e.g. WP_URL, ADMIN_EMAIL). */
  env?: Record<string, string>;
  /**
   * Another site whose database this one shares (a second server process on
   * the same SQLite file, as in production with several processes). The
   * database is neither migrated nor seeded again, and stays with its owner.
   */
  shareDatabaseOf?: Site;
  /**
   * The database engine; by default the one the running Playwright project names
   * (`metadata.engine`, e.g. reliability-pg), else SQLite. On PostgreSQL the site gets
   * a fresh seeded database on the run's server (tests/support/postgres.ts).
   */
  engine?: DatabaseEngine;
  /**
   * The database URL the server is given, from the site's own: a link in between
   * (tests/support/tcp-link.ts) that a test breaks. The test's own queries (`query`) go direct.
   */
  serverDatabaseUrl?: (databaseUrl: string) => string | Promise<string>;
  /**
   * SQLite: the folder the database file is made in (a small file system that a test fills), which
   * the test owns and removes. By default a folder of the site's own in the scratch folder.
   */
  databaseDir?: string;
};

export type Site = {
  /** e.g. http://localhost:41234 */
  url: string;
  engine: DatabaseEngine;
  /** The site's DATABASE_URL. */
  databaseUrl: string;
  /** The SQLite file ("" on PostgreSQL). */
  dbFile: string;
  /**
   * Starts the server (again) on the same database and port; resolves when /api/health answers 200.
   * `env` changes the environment for this start and the later ones (e.g. ADMIN_ENV on a restart).
   */
  start(env?: Record<string, string>): Promise<void>;
  /** kill -9: no clean shutdown, whatever was in flight is cut off. */
  kill(): Promise<void>;
  /** SIGTERM, as a process manager stops it (a rolling restart): resolves with its exit code and how long it took. */
  terminate(): Promise<{ code: number | null; ms: number }>;
  /** Stops the server if it runs and removes its database (unless it shares another site's). */
  dispose(): Promise<void>;
  /**
   * A query on the site's database, from this process (the server may run meanwhile).
   * Written for SQLite with `?` placeholders; on PostgreSQL they become $1, $2, ... and
   * COUNT's bigint comes back as a number. Keep the SQL to what both engines read
   * (quoted identifiers, `true`/`false` for booleans).
   */
  query<T = Record<string, unknown>>(sql: string, args?: (string | number)[]): Promise<T[]>;
  /** The row count of every table of the app. */
  counts(): Promise<Record<string, number>>;
  /** What the server wrote to stderr (the last 64 KB), for failure messages. */
  stderr(): string;
  /** What the server wrote to stdout (the last 64 KB): what an operator's log collects. */
  stdout(): string;
  /** The running server's process id (undefined while it is stopped). */
  pid(): number | undefined;
};

/** The administrator every site of this kind can be given through `env: ADMIN_ENV`. */
export const SITE_ADMIN = { email: "site-admin@horror.test", password: "site-admin-password-0000" };
export const ADMIN_ENV = { ADMIN_EMAIL: SITE_ADMIN.email, ADMIN_PASSWORD: SITE_ADMIN.password };

/**
 * Where Playwright's global set-up puts the run's one seeded database (`createSeededTemplate`), for
 * every worker of the run to copy. Without it (Vitest, a script), each process makes its own.
 */
export const SITE_TEMPLATE_ENV = "HS_SITE_TEMPLATE";

/**
 * A database migrated and seeded as `npm run setup` does it, in `dir`: every new site starts from a
 * copy. What deploy and seed write is the same each time, and running them (the schema engine is
 * WebAssembly) takes most of a second of CPU, and over a second on a busy machine.
 */
export async function createSeededTemplate(dir: string): Promise<string> {
  // Loaded only here: a worker that copies the run's template never loads the schema engine.
  const [{ deploy }, { seed }] = await Promise.all([
    import("../../scripts/migrate.ts"),
    import("../../prisma/seed.ts"),
  ]);
  const file = path.join(dir, "template.db");
  await deploy(`file:${file}`);
  await seed(`file:${file}`);
  return file;
}

let template: Promise<string> | undefined;

/**
 * The run's template when Playwright's global set-up made one; otherwise one made once per
 * process. It used to be made once per test process: every worker that started a site paid for
 * it again, about 30 times in a full run (docs/decisions/026).
 */
function seededTemplate(): Promise<string> {
  template ??= (async () => {
    const shared = process.env[SITE_TEMPLATE_ENV];
    if (shared) return shared;
    const dir = await mkdtemp(path.join(scratchDir(), "hs-template-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    return createSeededTemplate(dir);
  })();
  return template;
}

/** The file and, when SQLite kept one, its write-ahead log (nothing writes to the template meanwhile). */
async function copyDatabase(from: string, to: string) {
  await copyFile(from, to);
  await copyFile(`${from}-wal`, `${to}-wal`).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
}

/** The engine the running Playwright project names in its metadata, if any. */
async function projectEngine(): Promise<DatabaseEngine | undefined> {
  try {
    const { test } = await import("@playwright/test");
    return test.info().project.metadata?.engine as DatabaseEngine | undefined;
  } catch {
    return undefined; // not inside a Playwright test
  }
}

export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const shared = options.shareDatabaseOf;
  const engine = shared?.engine ?? options.engine ?? (await projectEngine()) ?? "sqlite";
  let postgres: PostgresDatabase | undefined;
  let dir: string | null = null;
  let dbFile = "";
  let databaseUrl: string;
  if (shared) {
    ({ dbFile, databaseUrl } = shared);
  } else if (engine === "postgresql") {
    postgres = await postgresDatabase("site");
    databaseUrl = postgres.url;
  } else {
    // In memory when the machine allows it (./scratch-dir.ts): no commit waits for the disk.
    if (!options.databaseDir) dir = await mkdtemp(path.join(scratchDir(), "hs-site-"));
    dbFile = path.join(options.databaseDir ?? (dir as string), "site.db");
    databaseUrl = `file:${dbFile}`;
    await copyDatabase(await seededTemplate(), dbFile);
  }
  // Before the site's port is chosen: a link listens on a port of its own, which must not be the one
  // freePort() just found free for the server.
  const serverDatabaseUrl = options.serverDatabaseUrl ? await options.serverDatabaseUrl(databaseUrl) : databaseUrl;
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: serverDatabaseUrl,
    SITE_URL: url,
    SESSION_SECRET: "site-session-secret-that-is-long-enough-000",
    // No remote source and no schedule unless a test asks: nothing writes but the requests.
    WP_URL: "",
    WPCOM_SITE: "",
    CONTENT_SYNC: "off",
    SMTP_URL: "",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    // Each request may name its client, so rate limits count per test client.
    TRUSTED_PROXY_HEADER: "X-Test-Client",
    // Reached on loopback only, as a process that trusts a client header should be.
    HOST: "127.0.0.1",
    // The cheapest bcrypt: the same code path, without a quarter-second of CPU per sign-in.
    PASSWORD_HASH_COST: "4",
    ...options.env,
  };

  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let stderr = "";
  let stdout = "";
  let db: Client | undefined;
  let pool: pg.Pool | undefined;

  async function start(more: Record<string, string> = {}) {
    if (child) throw new Error("The site is already running.");
    Object.assign(env, more);
    const server = productionServer(env);
    const started = spawn(process.execPath, server.args, {
      cwd: root,
      env: server.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = started;
    exited = new Promise((resolve) => started.once("exit", () => resolve()));
    started.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-64 * 1024);
    });
    started.stdout?.on("data", (chunk: Buffer) => {
      stdout = (stdout + chunk.toString()).slice(-64 * 1024);
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`The site exited with ${started.exitCode}:\n${stderr}`);
      const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok && (await adminReady())) return;
      if (Date.now() > deadline) throw new Error(`The site did not start in 30 s:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The initial administrator is created just after start-up (bcrypt takes a moment). */
  async function adminReady() {
    if (!env.ADMIN_EMAIL) return true;
    const rows = await query(
      'SELECT 1 FROM "User" u JOIN "Password" p ON p."userId" = u.id WHERE u.email = ? AND u."isAdmin" = true',
      [env.ADMIN_EMAIL.toLowerCase()],
    );
    return rows.length > 0;
  }

  async function kill() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill("SIGKILL");
    await exited;
  }

  async function terminate() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return { code: running?.exitCode ?? null, ms: 0 };
    const started = Date.now();
    const code = new Promise<number | null>((resolve) => running.once("exit", (exitCode) => resolve(exitCode)));
    running.kill("SIGTERM");
    return { code: await code, ms: Date.now() - started };
  }

  function database() {
    // The server writes meanwhile: wait for its lock instead of failing at once.
    db ??= createClient({ url: databaseUrl, timeout: 10_000 });
    return db;
  }

  async function query<T>(sql: string, args: (string | number)[] = []) {
    if (engine === "postgresql") {
      if (!pool) {
        pool = new pg.Pool({ connectionString: databaseUrl, max: 2, types: { getTypeParser: pgTypeParser } });
        // An idle connection that the server ends (the site's database dropped WITH (FORCE) at
        // dispose) emits an error on the pool: unhandled, it failed whichever test ran then.
        pool.on("error", () => {});
      }
      return (await pool.query(numberedPlaceholders(sql), args)).rows as T[];
    }
    return (await database().execute({ sql, args })).rows as unknown as T[];
  }

  async function counts() {
    const tables = await query<{ name: string }>(
      engine === "postgresql"
        ? "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY name"
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name",
    );
    // One statement: one round trip (and on SQLite one read snapshot) for every table.
    const rows = await query<{ name: string; n: number }>(
      tables.map(({ name }) => `SELECT '${name}' AS name, COUNT(*) AS n FROM "${name}"`).join(" UNION ALL "),
    );
    return Object.fromEntries(rows.map((row) => [row.name, Number(row.n)]));
  }

  await start();
  return {
    url,
    engine,
    databaseUrl,
    dbFile,
    start,
    kill,
    terminate,
    async dispose() {
      await kill();
      db?.close();
      db = undefined;
      await pool?.end();
      pool = undefined;
      if (dir) await rm(dir, { recursive: true, force: true });
      await postgres?.dispose();
    },
    query,
    counts,
    stderr: () => stderr,
    stdout: () => stdout,
    pid: () => child?.pid,
  };
}

/** COUNT(*) and other bigints as numbers, as libSQL gives them (test counts stay far below 2^53). */
function pgTypeParser(oid: number, format?: string) {
  if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
  return pg.types.getTypeParser(oid, format as "text");
}
