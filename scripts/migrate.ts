// Prisma migrations without the native schema engine.
//
// `prisma migrate` needs a native schema-engine binary that this project's
// machines cannot download. Prisma publishes the same engine compiled to
// WebAssembly (@prisma/schema-engine-wasm), with the SQLite and PostgreSQL
// connectors, which reach the database through a driver adapter (libSQL or pg).
// Driving it here keeps Prisma's standard layout
// (prisma/migrations/<timestamp>_<name>/migration.sql, migration_lock.toml)
// and its `_prisma_migrations` history table, so the real CLI works on the
// same database wherever it is available. See docs/decisions/002 and 039.
//
//   node scripts/migrate.ts deploy         apply pending migrations
//   (node scripts/migration-create.ts <name> writes a migration for both engines)
//   node scripts/migrate.ts reset          drop everything, then deploy
//
// DATABASE_URL selects the database (default: the development database) and
// with it the engine: SQLite uses prisma/schema/ and prisma/migrations,
// PostgreSQL prisma/postgres/schema/ (made from the first by
// scripts/postgres-schema.ts) and prisma/postgres/migrations. Each schema is a
// folder of .prisma files (one per domain), handed to the engine as one schema.
import { mkdir, readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { createClient } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { type DatabaseEngine, DEFAULT_DATABASE_URL, databaseEngine, SQLITE_BUSY_TIMEOUT_MS } from "../app/database.ts";
import { readSchemaFolder } from "./schema-files.ts";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");
const filters = { externalTables: [], externalEnums: [] };

/** Where each engine's schema and migration history live. */
const layouts = {
  sqlite: {
    schemaPath: path.join(root, "prisma", "schema"),
    migrationsDir: path.join(root, "prisma", "migrations"),
  },
  postgresql: {
    schemaPath: path.join(root, "prisma", "postgres", "schema"),
    migrationsDir: path.join(root, "prisma", "postgres", "migrations"),
  },
} satisfies Record<DatabaseEngine, { schemaPath: string; migrationsDir: string }>;

export function layoutOf(url: string) {
  return { engine: databaseEngine(url), ...layouts[databaseEngine(url)] };
}

type Engine = {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  reset(input: unknown): Promise<void>;
  free(): void;
};

// The package's entry imports the .wasm file as an ES module, which Node does
// not do by default; instantiate it by hand (once per process) with the
// generated bindings.
type Bindings = {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
  SchemaEngine: { new: (options: unknown, log: (message: string) => void, adapter: unknown) => Promise<Engine> };
};
// Kept on globalThis: the bindings module is one per process (Node's cache), and
// a second instance of this file (Vitest loads each project's global set-up
// apart) instantiating the engine again pointed that shared module at a new
// WebAssembly memory under the first engine's feet, which crashed the process.
const shared = globalThis as { hsSchemaEngineBindings?: Promise<Bindings> };

/**
 * The engine's timers. Its PostgreSQL connector arms a 10 s timeout (for its
 * advisory lock) and never clears it: it kept a script alive 10 s after its
 * work, and when it fired after the engine was freed, the dropped Rust closure
 * threw from a timer and killed a long-lived process (a test server that had
 * migrated its database). Timers are unref'd, and cleared once no engine runs.
 */
const engineTimers = new Set<NodeJS.Timeout>();
let enginesRunning = 0;
function engineTimer(callback: () => void, ms: number) {
  const timer = setTimeout(() => {
    engineTimers.delete(timer);
    callback();
  }, ms >>> 0);
  timer.unref();
  engineTimers.add(timer);
  return timer;
}
function engineStopped() {
  if (--enginesRunning > 0) return;
  for (const timer of engineTimers) clearTimeout(timer);
  engineTimers.clear();
}
function loadBindings() {
  shared.hsSchemaEngineBindings ??= (async () => {
    const bindingsPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bindings: Bindings = await import(bindingsPath);
    const wasmBytes = await readFile(path.join(path.dirname(bindingsPath), "schema_engine_bg.wasm"));
    const imports: WebAssembly.ModuleImports = { ...(bindings as unknown as WebAssembly.ModuleImports) };
    for (const name of Object.keys(imports).filter((key) => key.startsWith("__wbg_setTimeout_"))) {
      imports[name] = engineTimer;
    }
    const { instance } = await WebAssembly.instantiate(wasmBytes, { "./schema_engine_bg.js": imports });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bindings;
  })();
  return shared.hsSchemaEngineBindings;
}

type QueryResultLike = { fields?: { dataTypeID: number }[] } | undefined;
const PG_CHAR = 18;
const PG_TEXT = 25;

/**
 * The schema engine reads PostgreSQL's catalogue, whose one-letter codes
 * (pg_class.relkind, pg_constraint.contype, ...) have the internal type "char";
 * @prisma/adapter-pg 7.10 maps no column type for it and fails with "Column type
 * 'char' could not be deserialized". pg already reads its values as strings:
 * only the result's type id changes, to text, for the migration connections
 * alone (the app's queries never return "char").
 */
function readCharAsText(client: pg.PoolClient) {
  const asText = <R extends QueryResultLike>(result: R): R => {
    for (const field of result?.fields ?? []) if (field.dataTypeID === PG_CHAR) field.dataTypeID = PG_TEXT;
    return result;
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: unknown, result: QueryResultLike) => callback(error, asText(result));
      return query(...args);
    }
    const pending = query(...args);
    return pending instanceof Promise ? pending.then(asText) : pending;
  }) as typeof client.query;
}

type SchemaFile = { path: string; content: string };

/** Every .prisma file of a schema folder, as the list of files the engine takes. */
async function schemaFiles(dir: string): Promise<SchemaFile[]> {
  const files = Object.entries(await readSchemaFolder(dir));
  if (files.length === 0) throw new Error(`No .prisma files in ${path.relative(root, dir)}`);
  return files.map(([name, content]) => ({ path: path.join(dir, name), content }));
}

/**
 * Runs `work` with the schema engine on the database at `url`, with that
 * engine's schema. PostgreSQL's connections come from a pool of our own, ended
 * afterwards: the adapter leaves a pool it was given open, and an idle one
 * would keep the process alive (and the database busy for CREATE DATABASE ... TEMPLATE).
 */
async function withEngine<T>(url: string, work: (engine: Engine, schema: SchemaFile[]) => Promise<T>): Promise<T> {
  const schema = await schemaFiles(layoutOf(url).schemaPath);
  const bindings = await loadBindings();
  let pool: pg.Pool | undefined;
  let factory: SqlMigrationAwareDriverAdapterFactory;
  if (layoutOf(url).engine === "postgresql") {
    pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on("connect", readCharAsText);
    factory = new PrismaPg(pool);
  } else {
    factory = new PrismaLibSql({ url });
  }
  const log = (message: string) => {
    if (process.env.DEBUG_MIGRATE) console.error(message);
  };
  enginesRunning++;
  try {
    const engine = await bindings.SchemaEngine.new(
      { datamodels: schema.map(({ path, content }) => [path, content]) },
      log,
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    try {
      return await work(engine, schema);
    } finally {
      engine.free();
    }
  } finally {
    engineStopped();
    await pool?.end();
  }
}

export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

async function ensureDatabaseDir(url: string) {
  if (!url.startsWith("file:")) return;
  const file = url.slice("file:".length);
  await mkdir(path.dirname(path.resolve(root, file)), { recursive: true });
}

async function migrationList(migrationsDir: string) {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const dirs = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    dirs.map(async (dir) => ({
      path: dir,
      migrationFile: {
        path: "migration.sql",
        content: await readFile(path.join(migrationsDir, dir, "migration.sql"), "utf8").then(
          (value) => ({ tag: "ok", value }),
          (error: Error) => ({ tag: "error", value: error.message }),
        ),
      },
    })),
  );
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: "migration_lock.toml",
      content: await readFile(lockPath, "utf8").catch(() => null),
    },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

export async function deploy(url = databaseUrl()) {
  await ensureDatabaseDir(url);
  const { migrationsDir } = layoutOf(url);
  const migrationsList = await migrationList(migrationsDir);
  const { appliedMigrationNames } = await withEngine(url, (engine) =>
    engine.applyMigrations({ migrationsList, filters }),
  );
  await enableWriteAheadLog(url);
  return appliedMigrationNames;
}

/**
 * The SQL that would bring the database at `url` to its engine's schema, or
 * null when they agree: after `deploy`, null proves the migration history and
 * the schema describe the same tables (scripts/migrate.test.ts).
 */
export async function pendingChanges(url: string): Promise<string | null> {
  const script = await withEngine(url, async (engine, schema) => {
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files: schema, configDir: root },
      to: { tag: "schemaDatamodel", files: schema },
      script: true,
      exitCode: null,
      filters,
    });
    return result.stdout;
  });
  return !script || /^\s*-- This is an empty migration\.\s*$/.test(script) ? null : script;
}

/**
 * Write-ahead logging, stored in the database file itself: readers (the site's
 * pages, the sync command, a backup) no longer wait for a writer, and a crash
 * mid-write leaves the last committed state. Only for local files.
 */
async function enableWriteAheadLog(url: string) {
  if (!url.startsWith("file:")) return;
  const client = createClient({ url, timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    await client.execute("PRAGMA journal_mode = WAL");
  } finally {
    client.close();
  }
}

export async function reset(url = databaseUrl()) {
  await ensureDatabaseDir(url);
  await withEngine(url, (engine) => engine.reset({ filter: filters }));
  return deploy(url);
}

if (import.meta.main) {
  const { loadEnvFile } = await import("./env-file.ts");
  loadEnvFile();
  const [command] = process.argv.slice(2);
  try {
    if (command === "deploy") {
      const applied = await deploy();
      console.log(applied.length ? `Applied: ${applied.join(", ")}` : "No pending migrations.");
    } else if (command === "reset") {
      await reset();
      console.log("Database reset and migrated.");
    } else {
      console.error("usage: node scripts/migrate.ts deploy | reset (new migrations: scripts/migration-create.ts)");
      process.exitCode = 2;
    }
  } catch (error) {
    console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
