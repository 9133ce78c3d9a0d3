// The production server's command: that of `npm start` (package.json), which
// scripts/docker-start.sh repeats. It is the environment glibc's allocator
// reads, Node's options and the entry, build/start.js (server/index.ts with
// its types erased at build time). The bench and the suites' servers start
// the server with it, so what they measure and test is the server as deployed.
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export type StartCommand = {
  /** Variables set on the command line, before `node`. */
  env: Record<string, string>;
  /** Node's options, less --env-file (a development convenience). */
  flags: string[];
  /** The script, relative to the project's root. */
  entry: string;
};

/** Reads `[exec] [env] [NAME=value …] node [--option …] script` (the script is the first word after node that is not an option). */
export function parseStartCommand(command: string): StartCommand {
  const words = command.trim().split(/\s+/);
  const node = words.indexOf("node");
  const entry = words.findIndex((word, i) => i > node && !word.startsWith("-"));
  if (node < 0 || entry < 0) throw new Error(`no "node … script" in: ${command}`);
  const env: Record<string, string> = {};
  for (const word of words.slice(0, node)) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (assignment) env[assignment[1] as string] = assignment[2] as string;
  }
  return {
    env,
    flags: words.slice(node + 1, entry).filter((word) => !word.startsWith("--env-file")),
    entry: words[entry] as string,
  };
}

export function startCommand(): StartCommand {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } };
  return parseStartCommand(pkg.scripts.start);
}

export function dockerStartCommand(): StartCommand {
  const script = readFileSync(path.join(root, "scripts/docker-start.sh"), "utf8");
  const line = script.split("\n").find((l) => /^\s*exec\b.*\bnode\b/.test(l));
  if (!line) throw new Error("scripts/docker-start.sh has no `exec … node …` line");
  return parseStartCommand(line);
}

/**
 * `spawn(process.execPath, args, { env })` for the production server, with
 * `env` (the caller's variables) after the command's own, and `moreFlags`
 * after its options (a later option overrides an earlier one).
 */
export function productionServer(
  env: NodeJS.ProcessEnv,
  moreFlags: string[] = [],
): { args: string[]; env: NodeJS.ProcessEnv } {
  const command = startCommand();
  return {
    args: [...command.flags, ...moreFlags, path.join(root, command.entry)],
    env: { ...command.env, ...env },
  };
}
