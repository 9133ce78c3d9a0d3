// The PostgreSQL schema is a generated copy of prisma/schema.prisma: a model
// change that was not carried over (node scripts/postgres-schema.ts) fails here.
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { currentPostgresSchema, POSTGRES_SCHEMA, postgresSchema } from "./postgres-schema.ts";

it("prisma/postgres/schema.prisma is what scripts/postgres-schema.ts makes of prisma/schema.prisma", async () => {
  expect(await readFile(POSTGRES_SCHEMA, "utf8")).toBe(await currentPostgresSchema());
});

it("changes only the provider and the client's folder", () => {
  const source =
    'generator client {\n  output = "../app/generated/prisma"\n}\ndatasource db {\n  provider = "sqlite"\n}\nmodel A {\n  id Int @id\n}\n';
  const made = postgresSchema(source);
  expect(made).toContain('provider = "postgresql"');
  expect(made).toContain('output = "../../app/generated/prisma-postgres"');
  expect(made.endsWith("model A {\n  id Int @id\n}\n")).toBe(true);
  // A source whose shape moved (no sqlite provider) fails loudly instead of copying it unchanged.
  expect(() => postgresSchema(source.replace('"sqlite"', '"mysql"'))).toThrow(/sqlite datasource/);
});
