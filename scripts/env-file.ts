// The npm scripts' `.env` (development settings; production sets real variables): read when there
// is one, before anything reads the environment. Node's own --env-file-if-exists prints
// ".env not found. Continuing without it." on every run without one, which is every run of a
// fresh clone (issue 40), so the scripts read it here. Variables already set win, as with Node's
// flag. server/index.ts does the same on `--dotenv` (it cannot import TypeScript in production).
import { existsSync } from "node:fs";
import path from "node:path";

export const ENV_FILE = path.resolve(import.meta.dirname, "../.env");

export function loadEnvFile(file = ENV_FILE) {
  if (existsSync(file)) process.loadEnvFile(file);
}
