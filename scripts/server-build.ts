// The production build's server module, for the commands that run app code through it (so they run
// the same code as the server, also in the Docker image): `npm run sync`, `npm run demo:admin`.
// `.env` is read first, as the server reads it. Loading the build starts nothing: start-up jobs run
// only from server/index.ts.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadEnvFile } from "./env-file.ts";

const buildFile = path.resolve(import.meta.dirname, "../build/server/index.js");

export async function loadServerBuild() {
  if (!existsSync(buildFile)) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
  loadEnvFile();
  return import(pathToFileURL(buildFile).href);
}
