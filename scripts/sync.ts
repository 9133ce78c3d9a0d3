// `npm run sync`: one content sync now, through the production build (so it
// runs the same code as the server, also in the Docker image).
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
const result = await build.syncContent({ force: process.argv.includes("--force") });
console.log(`${result.status}: ${result.message}`);
if (result.errorDetails) console.log(result.errorDetails);
process.exit(result.status === "error" ? 1 : 0);
