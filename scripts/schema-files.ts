// The data model is a multi-file Prisma schema: a folder of .prisma files, one per
// domain (prisma/schema/, and its PostgreSQL copy prisma/postgres/schema/). Read
// here once for scripts/postgres-schema.ts (the copy) and scripts/migrate.ts (the
// schema engine, which takes the files as a list). No imports beyond Node's: the
// image's install stage and its runtime both copy this file alone.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** A multi-file schema: file name (no folder) to text. */
export type SchemaFiles = Record<string, string>;

/** The .prisma files of a schema folder, by name in a stable order ({} when there is no folder). */
export async function readSchemaFolder(dir: string): Promise<SchemaFiles> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".prisma")).sort();
  const files: SchemaFiles = {};
  for (const name of names) files[name] = await readFile(path.join(dir, name), "utf8");
  return files;
}
