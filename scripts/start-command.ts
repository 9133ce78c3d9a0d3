// The Node options the production server runs with: those of `npm start`
// (package.json), which scripts/docker-start.sh repeats. The bench starts
// server/index.ts with them, so it measures the server as it is deployed.
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** The options between `node` and `server/index.ts` in a command line, less --env-file (a development convenience). */
export function nodeFlagsOf(command: string): string[] {
  const words = command.trim().split(/\s+/);
  const node = words.indexOf("node");
  const server = words.indexOf("server/index.ts");
  if (node < 0 || server < node) throw new Error(`no "node … server/index.ts" in: ${command}`);
  return words.slice(node + 1, server).filter((word) => !word.startsWith("--env-file"));
}

export function startScriptFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } };
  return nodeFlagsOf(pkg.scripts.start);
}

export function dockerStartFlags(): string[] {
  const script = readFileSync(path.join(root, "scripts/docker-start.sh"), "utf8");
  const line = script.split("\n").find((l) => /^\s*exec node\b.*server\/index\.ts/.test(l));
  if (!line) throw new Error("scripts/docker-start.sh has no `exec node … server/index.ts` line");
  return nodeFlagsOf(line);
}
