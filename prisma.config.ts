import { defineConfig } from "prisma/config";

// Only `prisma generate` uses this file on this machine: migrations go through
// scripts/migrate.ts and the WebAssembly schema engine (docs/decisions/002).
export default defineConfig({
  schema: "prisma/schema",
  migrations: {
    path: "prisma/migrations",
    seed: "node prisma/seed.ts",
  },
});
