// Prisma migrations without the native schema engine.
//
// `prisma migrate` needs a native schema-engine binary that this project's
// machines cannot download. Prisma publishes the same engine compiled to
// WebAssembly (@prisma/schema-engine-wasm), which talks to SQLite through the
// libSQL driver adapter. Driving it here keeps Prisma's standard layout
// (prisma/migrations/<timestamp>_<name>/migration.sql, migration_lock.toml)
// and its `_prisma_migrations` history table, so the real CLI works on the
// same database wherever it is available. See docs/decisions/002.
//
//   node scripts/migrate.ts deploy         apply pending migrations
//   node scripts/migrate.ts create <name>  write a migration for schema changes
//   node scripts/migrate.ts reset          drop everything, then deploy
//
// DATABASE_URL selects the database (default: the development database).
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { DEFAULT_DATABASE_URL, SQLITE_BUSY_TIMEOUT_MS } from "../app/database.ts";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");
const schemaPath = path.join(root, "prisma", "schema.prisma");
const migrationsDir = path.join(root, "prisma", "migrations");
const filters = { externalTables: [], externalEnums: [] };

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
let bindingsPromise: Promise<Bindings> | undefined;
function loadBindings() {
  bindingsPromise ??= (async () => {
    const bindingsPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bindings: Bindings = await import(bindingsPath);
    const wasmBytes = await readFile(path.join(path.dirname(bindingsPath), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(wasmBytes, {
      "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bindings;
  })();
  return bindingsPromise;
}

async function loadEngine(url: string, schema: string): Promise<Engine> {
  const bindings = await loadBindings();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaLibSql({ url }));
  const log = (message: string) => {
    if (process.env.DEBUG_MIGRATE) console.error(message);
  };
  return bindings.SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, log, adapter);
}

export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

async function ensureDatabaseDir(url: string) {
  if (!url.startsWith("file:")) return;
  const file = url.slice("file:".length);
  await mkdir(path.dirname(path.resolve(root, file)), { recursive: true });
}

async function migrationList() {
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
  const schema = await readFile(schemaPath, "utf8");
  const engine = await loadEngine(url, schema);
  let applied: string[];
  try {
    ({ appliedMigrationNames: applied } = await engine.applyMigrations({
      migrationsList: await migrationList(),
      filters,
    }));
  } finally {
    engine.free();
  }
  await enableWriteAheadLog(url);
  return applied;
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

async function reset(url = databaseUrl()) {
  await ensureDatabaseDir(url);
  const schema = await readFile(schemaPath, "utf8");
  const engine = await loadEngine(url, schema);
  try {
    await engine.reset({ filter: filters });
  } finally {
    engine.free();
  }
  return deploy(url);
}

// The engine's own createMigration replays history into a shadow database,
// which the WebAssembly build cannot open for SQLite. Replaying the history into
// a scratch file and diffing that live database against the schema gives the
// same script.
async function create(name: string) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error("Migration name: lower-case letters, digits and _ only");
  const scratch = await mkdtemp(path.join(tmpdir(), "hs-migrate-"));
  const url = `file:${path.join(scratch, "replay.db")}`;
  try {
    await deploy(url);
    const schema = await readFile(schemaPath, "utf8");
    const engine = await loadEngine(url, schema);
    let script: string | null;
    try {
      const result = await engine.diff({
        from: { tag: "schemaDatasource", files: [{ path: schemaPath, content: schema }], configDir: root },
        to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
        script: true,
        exitCode: null,
        filters,
      });
      script = result.stdout;
    } finally {
      engine.free();
    }
    if (!script || /^\s*-- This is an empty migration\.\s*$/.test(script)) {
      console.log("The schema and the migrations agree: nothing to write.");
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(migrationsDir, `${stamp}_${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "migration.sql"), script);
    await writeFile(
      path.join(migrationsDir, "migration_lock.toml"),
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "sqlite"\n',
    );
    console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { loadEnvFile } = await import("./env-file.ts");
  loadEnvFile();
  const [command, arg] = process.argv.slice(2);
  try {
    if (command === "deploy") {
      const applied = await deploy();
      console.log(applied.length ? `Applied: ${applied.join(", ")}` : "No pending migrations.");
    } else if (command === "reset") {
      await reset();
      console.log("Database reset and migrated.");
    } else if (command === "create" && arg) {
      await create(arg);
    } else {
      console.error("usage: node scripts/migrate.ts deploy | reset | create <name>");
      process.exitCode = 2;
    }
  } catch (error) {
    console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
