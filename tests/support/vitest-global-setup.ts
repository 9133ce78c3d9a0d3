// Migrates the test database once into a template file; each Vitest worker
// copies it (tests/support/vitest-setup.ts).
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { deploy } from "../../scripts/migrate.ts";

export const TEMPLATE_DB = path.resolve(import.meta.dirname, "../.data/vitest-template.db");

export default async function setup() {
  const dir = path.dirname(TEMPLATE_DB);
  await mkdir(dir, { recursive: true });
  // The template, and any worker copies an interrupted run left behind.
  const clean = async () => {
    for (const name of await readdir(dir))
      if (name.startsWith("vitest-")) await rm(path.join(dir, name), { force: true });
  };
  await clean();
  await deploy(`file:${TEMPLATE_DB}`);
  // Teardown: the workers' copies.
  return clean;
}
