// `npm run demo`'s administrator (app/auth/demo-admin.server.ts), through the production build
// like `npm run sync`: made once with a generated password printed that once; on a later run it
// says the account exists. `npm run demo:admin -- --reset` gives it a new password. Never in production.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadEnvFile } from "./env-file.ts";

const buildFile = path.resolve(import.meta.dirname, "../build/server/index.js");
if (!existsSync(buildFile)) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
loadEnvFile();
// Loading the build starts nothing: start-up jobs run only from server/index.ts.
const build = await import(pathToFileURL(buildFile).href);
const result = await build.ensureDemoAdmin({ reset: process.argv.includes("--reset") });
console.log(build.demoAdminMessage(result));
process.exit(0);
