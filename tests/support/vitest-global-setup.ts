// Migrates the test database once into a template file; each Vitest worker
// copies it (tests/support/vitest-setup.ts).
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { deploy } from "../../scripts/migrate.ts";

export const TEMPLATE_DB = path.resolve(import.meta.dirname, "../.data/vitest-template.db");

export default async function setup() {
  await mkdir(path.dirname(TEMPLATE_DB), { recursive: true });
  await rm(TEMPLATE_DB, { force: true });
  await deploy(`file:${TEMPLATE_DB}`);
}
