// A server the browser tests run against: the production build on a fresh
// database, migrated and seeded. PORT, E2E_DB (file name) and WP_URL choose
// which one (see playwright.config.ts); E2E_ENGINE=postgresql puts it on a fresh
// PostgreSQL database instead (tests/support/postgres.ts, docs/decisions/039).
import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { seed } from "../../prisma/seed.ts";
import { deploy } from "../../scripts/migrate.ts";
import { productionServer } from "../../scripts/start-command.ts";
import { postgresDatabase } from "./postgres.ts";
import { suiteDatabaseFile } from "./scratch-dir.ts";

const root = path.resolve(import.meta.dirname, "../..");
const port = process.env.PORT ?? "3210";

let url: string;
let dispose = async () => {};
if (process.env.E2E_ENGINE === "postgresql") {
  const database = await postgresDatabase(`e2e_${port}`);
  url = database.url;
  dispose = database.dispose;
} else {
  // In memory when the machine allows it (./scratch-dir.ts): no commit waits for the disk.
  const dbFile = suiteDatabaseFile(process.env.E2E_DB ?? "e2e.db");
  url = `file:${dbFile}`;
  await mkdir(path.dirname(dbFile), { recursive: true });
  for (const suffix of ["", "-journal", "-wal", "-shm"]) await rm(dbFile + suffix, { force: true });
  await deploy(url);
  await seed(url);
}
// As `npm start` runs it (its allocator settings and Node options), so the suite tests the server as deployed.
const server = productionServer({
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  DATABASE_URL: url,
  SITE_URL: `http://localhost:${port}`,
  SESSION_SECRET: "e2e-session-secret-that-is-long-enough-000",
  WP_URL: process.env.WP_URL ?? "",
  WPCOM_SITE: "",
  SMTP_URL: process.env.SMTP_URL ?? "",
  ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? "",
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? "",
  TRUSTED_PROXY_HEADER: process.env.TRUSTED_PROXY_HEADER ?? "",
  // Reached on loopback only, as a process behind a proxy should be (it trusts a client header).
  HOST: "127.0.0.1",
  // The cheapest bcrypt: the same code path, without a quarter-second of CPU per sign-in.
  PASSWORD_HASH_COST: "4",
});
const child = spawn(process.execPath, server.args, { cwd: root, stdio: "inherit", env: server.env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", async (code) => {
  await dispose().catch(() => {});
  process.exit(code ?? 0);
});
