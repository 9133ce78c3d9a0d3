// What `npm run build` may print. A newcomer's build printed about 300 lines (issue 40), among them
// warnings nobody acted on: Vite's configLoader note twice, an ineffective dynamic import, Node's
// ".env not found". `npm test` (scripts/test.ts) reads the build's output with this and fails on a
// warning line, so a new warning is fixed where it starts instead of being learned to be ignored.
// As a command it reads a build log on its standard input: `npm run build 2>&1 | npx node scripts/build-log.ts`.

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

const WARNINGS = [
  // Vite's warnings: "(!) Your Vite config uses features that are unsupported by `configLoader: 'native'`..."
  /^\(!\)/,
  // Rolldown's checks, e.g. "[INEFFECTIVE_DYNAMIC_IMPORT] ..." and "[PLUGIN_TIMINGS] ...".
  /^\[[A-Z][A-Z_]+\]/,
  // npm's and Node's ("npm warn ...", "(node:123) Warning: ...") and any other.
  /\bwarn(ing)?\b/i,
  // Node's --env-file-if-exists without the file.
  /not found\. Continuing without it/,
];

/** The lines of a build's output that warn. */
export function buildWarnings(output: string): string[] {
  return (
    output
      .replace(ANSI, "")
      .split("\n")
      .map((line) => line.trim())
      // npm's echo of the command ("> react-router build --logLevel warn && ...") is not output.
      .filter((line) => !line.startsWith(">") && WARNINGS.some((pattern) => pattern.test(line)))
  );
}

if (import.meta.main) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const warnings = buildWarnings(Buffer.concat(chunks).toString("utf8"));
  for (const line of warnings) console.log(line);
  process.exitCode = warnings.length ? 1 : 0;
}
