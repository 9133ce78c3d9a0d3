// Where the tests keep the SQLite databases of the sites they start: in memory (Linux's tmpfs,
// /dev/shm) when the machine has one with room, else the system's temporary folder. Every commit
// of SQLite's default `synchronous=FULL` waits for an fsync; on this machine's disk, loaded by
// other work, that was 1.2 ms at the median and up to 140 ms, on the server's one thread, where on
// tmpfs it returns at once (docs/measurements/026). The code path is the same (WAL, FULL, the same
// file operations); only the durability against a power cut that a throwaway database never needs
// is gone. A killed server process loses nothing committed either way: the kernel keeps its writes.
import { createHash } from "node:crypto";
import { statfsSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** Linux's shared-memory tmpfs: present on Debian, and in containers (often small there: see ROOM). */
const TMPFS = "/dev/shm";
/** Free space the tmpfs must have; Docker's default /dev/shm is 64 MB, which a run's databases could fill. */
const ROOM = 1024 ** 3;
/** Sets the folder explicitly (any path; the system's temporary folder with an empty value). */
export const SCRATCH_DIR_ENV = "HS_TEST_SCRATCH_DIR";

function hasRoom(dir: string): boolean {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize >= ROOM;
  } catch {
    return false;
  }
}

/** The folder for the tests' temporary databases (the parent of their `mkdtemp` folders). */
export function scratchDir(): string {
  const chosen = process.env[SCRATCH_DIR_ENV];
  if (chosen !== undefined) return chosen || tmpdir();
  return process.platform === "linux" && hasRoom(TMPFS) ? TMPFS : tmpdir();
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The SQLite file of a browser-test site (tests/support/e2e-server.ts): `name` in a folder of this
 * checkout's own in the scratch folder, so two checkouts never share one, and the tests that read
 * the site's database (tests/support/db.ts) find it.
 */
export function suiteDatabaseFile(name: string): string {
  const checkout = createHash("sha1").update(root).digest("hex").slice(0, 10);
  return path.join(scratchDir(), `hs-e2e-${checkout}`, name);
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Removes the folders starting with one of `prefixes` in the scratch folder that are over a day old:
 * what interrupted runs left (a site is removed when its test ends). In memory they would otherwise
 * hold the machine's RAM until it restarts.
 */
export async function removeStaleScratch(prefixes: string[]): Promise<void> {
  const dir = scratchDir();
  for (const name of await readdir(dir).catch(() => [])) {
    if (!prefixes.some((prefix) => name.startsWith(prefix))) continue;
    const folder = path.join(dir, name);
    const { mtimeMs } = await stat(folder).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > DAY_MS) await rm(folder, { recursive: true, force: true });
  }
}
