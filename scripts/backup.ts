// `npm run backup [-- <file>]`: a consistent copy of the SQLite database, safe while the server
// runs (README "Back up"). SQLite's `VACUUM INTO` writes the database as one read transaction
// sees it (https://sqlite.org/lang_vacuum.html#vacuuminto): the writes committed before it began,
// none after, and none half-done, whatever the write-ahead log holds at the time; the server's
// writes go on meanwhile (a reader never blocks a writer in WAL mode). The copy is a single file,
// compacted, that opens by itself.
//
// Without a file, the copy goes to `backups/` beside the database, named by the time
// (`horror-stories-2026-12-02T00-15-00Z.db`). An existing file is never overwritten.
// PostgreSQL has its own tool, pg_dump: the script says so and exits with 1.
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { createClient } from "@libsql/client";
import { DEFAULT_DATABASE_URL, databaseEngine, SQLITE_BUSY_TIMEOUT_MS } from "../app/database.ts";
import { loadEnvFile } from "./env-file.ts";

export type BackupResult = { file: string; bytes: number };

/** `backups/horror-stories-<UTC time>.db` in the database's folder. */
export function defaultBackupFile(databaseFile: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return path.join(path.dirname(databaseFile), "backups", `horror-stories-${stamp}.db`);
}

/** The local file a `file:` URL names (its query string aside), or null for any other URL. */
function localFile(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  return path.resolve(url.slice("file:".length).replace(/\?.*$/, ""));
}

export class BackupRefused extends Error {}

/** Copies the SQLite database at `url` into `target` (by default a dated file beside it). */
export async function backup(url: string, target?: string): Promise<BackupResult> {
  if (databaseEngine(url) === "postgresql")
    throw new BackupRefused(
      'This database is PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=horror-stories.dump "$DATABASE_URL" (restore with pg_restore).',
    );
  const databaseFile = localFile(url);
  if (!databaseFile)
    throw new BackupRefused(`npm run backup copies a local SQLite file (DATABASE_URL=file:...), not ${url}.`);
  if (!(await stat(databaseFile).catch(() => null))?.isFile())
    throw new BackupRefused(`There is no database at ${databaseFile}: check DATABASE_URL.`);
  const file = path.resolve(target ?? defaultBackupFile(databaseFile));
  if (await stat(file).catch(() => null))
    throw new BackupRefused(`${file} already exists: give the backup a new file name (nothing was written).`);
  await mkdir(path.dirname(file), { recursive: true });
  // The server may be writing: wait for its lock, as the server's own connections do.
  const client = createClient({ url, timeout: SQLITE_BUSY_TIMEOUT_MS });
  try {
    await client.execute({ sql: "VACUUM INTO ?", args: [file] });
  } finally {
    client.close();
  }
  // The copy opens by itself and is whole.
  const copy = createClient({ url: `file:${file}` });
  try {
    const [row] = (await copy.execute("PRAGMA quick_check")).rows;
    if (row?.quick_check !== "ok") throw new Error(`the copy at ${file} failed its check: ${String(row?.quick_check)}`);
  } finally {
    copy.close();
  }
  return { file, bytes: (await stat(file)).size };
}

if (import.meta.main) {
  loadEnvFile();
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const [given] = process.argv.slice(2);
  // `npm run` works in the project's folder: a relative path is the operator's, from where they typed it.
  const target = given ? path.resolve(process.env.INIT_CWD ?? process.cwd(), given) : undefined;
  try {
    const { file, bytes } = await backup(url, target);
    console.log(`Backed up the database to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof BackupRefused ? message : `Backup failed: ${message}`);
    process.exitCode = 1;
  }
}
