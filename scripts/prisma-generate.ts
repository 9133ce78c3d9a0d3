// Generates both Prisma clients, the SQLite one from prisma/schema/ and the
// PostgreSQL one from the copy scripts/postgres-schema.ts makes of it. After a
// change to the model the copy is rewritten here, for the developer to commit;
// in CI a stale committed copy fails instead (docs/decisions/039).
//
// `prisma generate` needs no schema engine, yet Prisma tries to download the
// native one first, which fails where only the npm registry is reachable.
// Pointing PRISMA_SCHEMA_ENGINE_BINARY at an existing executable skips the
// download; generate never runs it. (Migrations: scripts/migrate.ts.)
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { POSTGRES_SCHEMA, postgresSchemaIsCurrent, SQLITE_SCHEMA, writePostgresSchema } from "./postgres-schema.ts";

if (process.env.CI && !(await postgresSchemaIsCurrent())) {
  console.error("prisma/postgres/schema/ is out of date: run node scripts/postgres-schema.ts and commit it.");
  process.exit(1);
}
await writePostgresSchema();

const require = createRequire(import.meta.url);
const prismaCli = require.resolve("prisma/build/index.js");
for (const schema of [SQLITE_SCHEMA, POSTGRES_SCHEMA]) {
  const result = spawnSync(process.execPath, [prismaCli, "generate", "--schema", schema], {
    stdio: "inherit",
    env: { PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
