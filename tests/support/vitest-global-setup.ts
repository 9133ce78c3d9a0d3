// Migrates the test database once into a template file for this run; each
// test file's worker copies it (tests/support/vitest-setup.ts). Every file
// of a run starts with "vitest-<run>-", so two runs at once never touch each
// other's databases, and the teardown removes exactly this run's files.
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { deploy } from "../../scripts/migrate.ts";
import { scratchDir } from "./scratch-dir.ts";

// In memory when the machine allows it (./scratch-dir.ts): no commit waits for the disk.
const dataDir = path.join(scratchDir(), "hs-vitest");
const DAY_MS = 24 * 60 * 60_000;

async function removeWhere(keep: (name: string, mtimeMs: number) => boolean) {
  for (const name of await readdir(dataDir)) {
    if (!name.startsWith("vitest-")) continue;
    const file = path.join(dataDir, name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
    if (!keep(name, mtimeMs)) await rm(file, { force: true });
  }
}

export default async function setup() {
  await mkdir(dataDir, { recursive: true });
  // What interrupted runs left behind long ago.
  await removeWhere((_, mtimeMs) => Date.now() - mtimeMs < DAY_MS);
  const prefix = `vitest-${process.pid}-`;
  const template = path.join(dataDir, `${prefix}template.db`);
  await deploy(`file:${template}`);
  process.env.HS_TEST_DB_PREFIX = path.join(dataDir, prefix);
  return () => removeWhere((name) => !name.startsWith(prefix));
}
