// A real PostgreSQL for the tests (docs/decisions/039), the way the suite gets Chromium:
// TEST_DATABASE_URL names a server of the developer's (its user may CREATE DATABASE);
// without it, one throwaway cluster per test run: `initdb` into a temporary folder and
// `pg_ctl` on a free loopback port, with Debian's `postgresql` installed when the
// binaries are missing. Every test that needs a database gets a fresh one, copied from
// a migrated template (CREATE DATABASE ... TEMPLATE copies files: milliseconds).
//
//   const db = await postgresDatabase("my_test");   // { url, dispose }
//   ... DATABASE_URL=db.url ...
//   await db.dispose();
//
// The run's global set-up (Vitest and Playwright) calls `startPostgresForRun()` and
// hands its server and template to the workers through the environment; a process
// without them (a script, a single test file run alone) starts its own cluster on
// first use and stops it when it exits.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, readdirSync, rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { aptInstall, canInstallPackages } from "./apt.ts";
import { freePort } from "./ports.ts";

/** The admin URL of the run's server (its `postgres` database), set by the global set-up for the workers. */
export const POSTGRES_SERVER_ENV = "HS_TEST_POSTGRES_SERVER";
/** What a new database holds: the seeded demo content (as after `npm run setup`), only the tables, or nothing. */
export type DatabaseContents = "seeded" | "migrated" | "empty";
/** The names of the run's template databases on that server, one variable per kind. */
const TEMPLATE_ENV = { seeded: "HS_TEST_POSTGRES_SEEDED", migrated: "HS_TEST_POSTGRES_MIGRATED" } as const;
/** Every database of a run starts with hs_<run>_, so the run's teardown finds them all, even on a shared server. */
const RUN_ENV = "HS_TEST_POSTGRES_RUN";

/** The folder of initdb and pg_ctl: PG_BIN, Debian's newest /usr/lib/postgresql/<n>/bin, or the PATH. */
function binDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => existsSync(path.join(debian, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(debian, versions[0], "bin");
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  return found ? path.dirname(found) : undefined;
}

async function postgresBinaries(): Promise<string> {
  let dir = binDir();
  if (dir) return dir;
  if (!canInstallPackages()) {
    throw new Error(
      "PostgreSQL's initdb and pg_ctl were not found. Debian: apt-get install postgresql; elsewhere set PG_BIN to their folder, or TEST_DATABASE_URL to a server of yours.",
    );
  }
  console.error("Installing PostgreSQL for the tests...");
  await aptInstall(["postgresql"]);
  dir = binDir();
  if (!dir) throw new Error("apt-get installed postgresql, yet initdb is still missing.");
  return dir;
}

/** initdb refuses to run as root: the cluster then belongs to the `postgres` user (made when missing). */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  if (id("-u").status !== 0) execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
  return { uid: Number(id("-u").stdout), gid: Number(id("-g").stdout) };
}

export type PostgresCluster = { adminUrl: string; stop(): void };

/**
 * A new cluster in a temporary folder on a free loopback port, trusted for local
 * connections, tuned for tests: no fsync (the data dies with the run; a killed app
 * process still loses nothing committed, a crashed machine would), TCP only.
 */
export async function startCluster(): Promise<PostgresCluster> {
  const bin = await postgresBinaries();
  const owner = clusterOwner();
  const dir = await mkdtemp(path.join(tmpdir(), "hs-postgres-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, "data");
  const run = (tool: string, args: string[]) =>
    execFileSync(path.join(bin, tool), args, {
      ...owner,
      cwd: dir,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, LC_ALL: "C" },
    });
  // C collation: text sorts by code point, as SQLite's BINARY does, so both engines order alike.
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      "-c unix_socket_directories=''",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=300",
      "-c shared_buffers=32MB",
    ].join(" ");
    try {
      run("pg_ctl", ["start", "-w", "-t", "60", "-D", data, "-l", path.join(dir, "server.log"), "-o", options]);
    } catch (error) {
      // Another process may have taken the port between freePort() and the start.
      if (attempt >= 3) throw error;
      continue;
    }
    let stopped = false;
    return {
      adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
      stop() {
        if (stopped) return;
        stopped = true;
        spawnSync(path.join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate", "-w"], {
          ...owner,
          stdio: "ignore",
        });
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}

async function onServer<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The database URL of `name` on the server of `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A run-unique, valid PostgreSQL name (63 bytes at most) for `label`. */
function uniqueName(label: string): string {
  const clean = label
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .slice(0, 30);
  const random = Math.random().toString(36).slice(2, 8);
  return `hs_${process.env[RUN_ENV] || process.pid}_${clean}_${random}`;
}

/**
 * A template: migrated as `npm run db:migrate` does it and, when `seeded`, seeded as
 * `npm run db:seed` does. Closed to connections, so CREATE DATABASE ... TEMPLATE never
 * finds it in use.
 */
async function createPostgresTemplate(adminUrl: string, contents: "seeded" | "migrated"): Promise<string> {
  const [{ deploy }, { seed }] = await Promise.all([
    import("../../scripts/migrate.ts"),
    import("../../prisma/seed.ts"),
  ]);
  const name = uniqueName(`template_${contents}`);
  await onServer(adminUrl, (client) => client.query(`CREATE DATABASE ${quote(name)}`));
  const url = databaseUrl(adminUrl, name);
  await deploy(url);
  if (contents === "seeded") await seed(url);
  await onServer(adminUrl, async (client) => {
    await client.query(`ALTER DATABASE ${quote(name)} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
    await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
  });
  return name;
}

let ownCluster: PostgresCluster | undefined;
let server: Promise<string> | undefined;
const templates = new Map<"seeded" | "migrated", Promise<string>>();

/** The server's admin URL: the run's, TEST_DATABASE_URL, or a cluster this process starts. */
function postgresServer(): Promise<string> {
  server ??= (async () => {
    const given = process.env[POSTGRES_SERVER_ENV] || process.env.TEST_DATABASE_URL;
    if (given) return given;
    ownCluster = await startCluster();
    process.once("exit", () => ownCluster?.stop());
    return ownCluster.adminUrl;
  })();
  return server;
}

function postgresTemplate(adminUrl: string, contents: "seeded" | "migrated"): Promise<string> {
  let template = templates.get(contents);
  if (!template) {
    const shared = process.env[TEMPLATE_ENV[contents]];
    template = shared ? Promise.resolve(shared) : createPostgresTemplate(adminUrl, contents);
    templates.set(contents, template);
  }
  return template;
}

export type PostgresDatabase = { url: string; name: string; dispose(): Promise<void> };

/**
 * A fresh database of its own on the tests' PostgreSQL server, named after `label`:
 * by default migrated and seeded as `npm run setup` leaves it (a copy of a template),
 * with `contents` only migrated or empty. `dispose` drops it, closing whatever
 * connections are still open to it.
 */
export async function postgresDatabase(
  label: string,
  { contents = "seeded" }: { contents?: DatabaseContents } = {},
): Promise<PostgresDatabase> {
  const adminUrl = await postgresServer();
  const from = contents === "empty" ? "" : ` TEMPLATE ${quote(await postgresTemplate(adminUrl, contents))}`;
  const name = uniqueName(label);
  await onServer(adminUrl, (client) => client.query(`CREATE DATABASE ${quote(name)}${from}`));
  return {
    url: databaseUrl(adminUrl, name),
    name,
    async dispose() {
      await onServer(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`));
    },
  };
}

/**
 * For a run's global set-up: the server (started when none is given) and the template
 * the run's tests copy, put in the environment that workers inherit. The returned
 * function stops what was started, or drops what the run made on a given server.
 */
export async function startPostgresForRun(contents: "seeded" | "migrated"): Promise<() => Promise<void>> {
  process.env[RUN_ENV] ??= String(process.pid);
  const given = process.env.TEST_DATABASE_URL;
  const cluster = given ? undefined : await startCluster();
  const adminUrl = given || (cluster as PostgresCluster).adminUrl;
  process.env[POSTGRES_SERVER_ENV] = adminUrl;
  process.env[TEMPLATE_ENV[contents]] = await createPostgresTemplate(adminUrl, contents);
  return async () => {
    if (cluster) return cluster.stop();
    // A developer's server: drop what this run made there, and only that.
    await onServer(adminUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
        [`hs_${process.env[RUN_ENV]}_`],
      );
      for (const { datname } of rows) {
        await client.query(`ALTER DATABASE ${quote(datname)} WITH IS_TEMPLATE false`);
        await client.query(`DROP DATABASE IF EXISTS ${quote(datname)} WITH (FORCE)`);
      }
    });
  };
}

/** Stops the cluster this process started on its own, if any (the exit does it too). */
export async function stopPostgres(): Promise<void> {
  ownCluster?.stop();
  ownCluster = undefined;
  server = undefined;
  templates.clear();
}
