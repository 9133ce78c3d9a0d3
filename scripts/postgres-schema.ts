// The PostgreSQL schema, made from prisma/schema.prisma (the one source of the
// model): Prisma allows one provider per schema file, so the PostgreSQL client
// and its migrations read a generated copy that differs only in the provider
// and the client's output folder. scripts/postgres-schema.test.ts fails when
// the committed copy drifts from what this makes (docs/decisions/039).
//
//   node scripts/postgres-schema.ts          write prisma/postgres/schema.prisma
//   node scripts/postgres-schema.ts --check  exit 1 when it is out of date
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
export const SQLITE_SCHEMA = path.join(root, "prisma", "schema.prisma");
export const POSTGRES_SCHEMA = path.join(root, "prisma", "postgres", "schema.prisma");

const HEADER = `// GENERATED from prisma/schema.prisma by scripts/postgres-schema.ts: do not edit.
// Change the model there, then run \`node scripts/postgres-schema.ts\` (docs/decisions/039).
`;

/** Replaces exactly one match of `pattern`, so a change in the source's shape fails loudly. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`));
  if (matches?.length !== 1)
    throw new Error(`prisma/schema.prisma: expected one ${what}, found ${matches?.length ?? 0}`);
  return text.replace(pattern, replacement);
}

export function postgresSchema(sqlite: string): string {
  let schema = replaceOnce(sqlite, /provider = "sqlite"/, 'provider = "postgresql"', "sqlite datasource");
  // The PostgreSQL client lives beside the SQLite one; the path is relative to the schema's folder.
  schema = replaceOnce(
    schema,
    /output(\s*)= "\.\.\/app\/generated\/prisma"/,
    'output$1= "../../app/generated/prisma-postgres"',
    "client output",
  );
  // Native types: none needed. DateTime maps to timestamp(3) (milliseconds, as the
  // SQLite side keeps), String to text, Bytes to bytea and Float to double precision.
  return HEADER + schema;
}

export async function currentPostgresSchema(): Promise<string> {
  return postgresSchema(await readFile(SQLITE_SCHEMA, "utf8"));
}

/** Whether the file on disk is what the source makes now. */
export async function postgresSchemaIsCurrent(): Promise<boolean> {
  return (await readFile(POSTGRES_SCHEMA, "utf8").catch(() => "")) === (await currentPostgresSchema());
}

/** Writes the PostgreSQL schema when it is out of date; true when it did. */
export async function writePostgresSchema(): Promise<boolean> {
  if (await postgresSchemaIsCurrent()) return false;
  await writeFile(POSTGRES_SCHEMA, await currentPostgresSchema());
  console.log("Wrote prisma/postgres/schema.prisma from prisma/schema.prisma: commit both.");
  return true;
}

if (import.meta.main) {
  if (!process.argv.includes("--check")) await writePostgresSchema();
  else if (!(await postgresSchemaIsCurrent())) {
    console.error("prisma/postgres/schema.prisma is out of date: run node scripts/postgres-schema.ts");
    process.exitCode = 1;
  }
}
