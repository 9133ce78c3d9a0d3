// The PostgreSQL schema, made from prisma/schema/ (the one source of the model, a
// multi-file schema: one .prisma file per domain). Prisma allows one provider per
// schema, so the PostgreSQL client and its migrations read a generated copy of the
// folder, prisma/postgres/schema/, file for file, that differs only in the
// provider and the client's output folder (both in base.prisma).
// scripts/postgres-schema.test.ts fails when the committed copy drifts from what
// this makes (docs/decisions/039).
//
//   node scripts/postgres-schema.ts          write prisma/postgres/schema/
//   node scripts/postgres-schema.ts --check  exit 1 when it is out of date
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { readSchemaFolder, type SchemaFiles } from "./schema-files.ts";

const root = path.resolve(import.meta.dirname, "..");
export const SQLITE_SCHEMA = path.join(root, "prisma", "schema");
export const POSTGRES_SCHEMA = path.join(root, "prisma", "postgres", "schema");
/** The file of the folder that holds the generator and the datasource. */
const BASE_FILE = "base.prisma";

const HEADER = (file: string) => `// GENERATED from prisma/schema/${file} by scripts/postgres-schema.ts: do not edit.
// Change the model there, then run \`node scripts/postgres-schema.ts\` (docs/decisions/039).
`;

/** Replaces exactly one match of `pattern`, so a change in the source's shape fails loudly. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`));
  if (matches?.length !== 1)
    throw new Error(`prisma/schema/${BASE_FILE}: expected one ${what}, found ${matches?.length ?? 0}`);
  return text.replace(pattern, replacement);
}

/** The PostgreSQL copy of one file of the source (base.prisma carries the provider and the client's folder). */
export function postgresSchema(sqlite: string, file = BASE_FILE): string {
  if (file !== BASE_FILE) return HEADER(file) + sqlite;
  let schema = replaceOnce(sqlite, /provider = "sqlite"/, 'provider = "postgresql"', "sqlite datasource");
  // The PostgreSQL client lives beside the SQLite one; the path is relative to the schema's folder,
  // one level deeper here (prisma/postgres/schema/ against prisma/schema/).
  schema = replaceOnce(
    schema,
    /output(\s*)= "\.\.\/\.\.\/app\/generated\/prisma"/,
    'output$1= "../../../app/generated/prisma-postgres"',
    "client output",
  );
  // Native types: none needed. DateTime maps to timestamp(3) (milliseconds, as the
  // SQLite side keeps), String to text, Bytes to bytea and Float to double precision.
  return HEADER(file) + schema;
}

export async function currentPostgresSchema(): Promise<SchemaFiles> {
  const source = await readSchemaFolder(SQLITE_SCHEMA);
  if (!(BASE_FILE in source)) throw new Error(`prisma/schema/${BASE_FILE} is missing`);
  return Object.fromEntries(Object.entries(source).map(([file, text]) => [file, postgresSchema(text, file)]));
}

/** Whether the folder on disk is what the source makes now: the same files, the same text. */
export async function postgresSchemaIsCurrent(): Promise<boolean> {
  const [onDisk, wanted] = await Promise.all([readSchemaFolder(POSTGRES_SCHEMA), currentPostgresSchema()]);
  const names = Object.keys(wanted);
  return Object.keys(onDisk).join("\n") === names.join("\n") && names.every((name) => onDisk[name] === wanted[name]);
}

/** Writes the PostgreSQL schema when it is out of date (dropping files the source no longer has); true when it did. */
export async function writePostgresSchema(): Promise<boolean> {
  if (await postgresSchemaIsCurrent()) return false;
  const wanted = await currentPostgresSchema();
  await mkdir(POSTGRES_SCHEMA, { recursive: true });
  for (const stale of Object.keys(await readSchemaFolder(POSTGRES_SCHEMA)).filter((name) => !(name in wanted)))
    await rm(path.join(POSTGRES_SCHEMA, stale));
  for (const [name, text] of Object.entries(wanted)) await writeFile(path.join(POSTGRES_SCHEMA, name), text);
  console.log("Wrote prisma/postgres/schema/ from prisma/schema/: commit both.");
  return true;
}

if (import.meta.main) {
  if (!process.argv.includes("--check")) await writePostgresSchema();
  else if (!(await postgresSchemaIsCurrent())) {
    console.error("prisma/postgres/schema/ is out of date: run node scripts/postgres-schema.ts");
    process.exitCode = 1;
  }
}
