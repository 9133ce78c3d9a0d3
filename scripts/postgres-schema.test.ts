// The PostgreSQL schema is a generated copy of prisma/schema/ (a multi-file schema):
// a model change that was not carried over (node scripts/postgres-schema.ts) fails here.
import { expect, it } from "vitest";
import { currentPostgresSchema, POSTGRES_SCHEMA, postgresSchema, SQLITE_SCHEMA } from "./postgres-schema.ts";
import { readSchemaFolder } from "./schema-files.ts";

it("prisma/postgres/schema/ is what scripts/postgres-schema.ts makes of prisma/schema/, file for file", async () => {
  const source = await readSchemaFolder(SQLITE_SCHEMA);
  // The model is split by domain, not read from a stray single file.
  expect(Object.keys(source)).toEqual(expect.arrayContaining(["base.prisma", "accounts.prisma", "content.prisma"]));
  expect(await readSchemaFolder(POSTGRES_SCHEMA)).toEqual(await currentPostgresSchema());
});

it("no file of the model is over 400 lines", async () => {
  for (const [file, text] of Object.entries(await readSchemaFolder(SQLITE_SCHEMA)))
    expect(text.split("\n").length, file).toBeLessThanOrEqual(400);
});

it("changes only the provider and the client's folder, in base.prisma", () => {
  const base =
    'generator client {\n  output = "../../app/generated/prisma"\n}\ndatasource db {\n  provider = "sqlite"\n}\n';
  const made = postgresSchema(base, "base.prisma");
  expect(made).toContain('provider = "postgresql"');
  expect(made).toContain('output = "../../../app/generated/prisma-postgres"');
  expect(made.endsWith('datasource db {\n  provider = "postgresql"\n}\n')).toBe(true);
  // Another file of the folder is copied as it is, under the header.
  const model = "model A {\n  id Int @id\n}\n";
  const copied = postgresSchema(model, "content.prisma");
  expect(copied).toMatch(/^\/\/ GENERATED from prisma\/schema\/content\.prisma/);
  expect(copied.endsWith(model)).toBe(true);
  // A source whose shape moved (no sqlite provider) fails loudly instead of copying it unchanged.
  expect(() => postgresSchema(base.replace('"sqlite"', '"mysql"'), "base.prisma")).toThrow(/sqlite datasource/);
});
