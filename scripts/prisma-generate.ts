// `prisma generate` needs no schema engine, yet Prisma tries to download the
// native one first, which fails where only the npm registry is reachable.
// Pointing PRISMA_SCHEMA_ENGINE_BINARY at an existing executable skips the
// download; generate never runs it. (Migrations: scripts/migrate.ts.)
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const prismaCli = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [prismaCli, "generate"], {
  stdio: "inherit",
  env: { PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
});
process.exit(result.status ?? 1);
