// The server build stays Latin-1, so V8 keeps each chunk's source at one byte a character. V8 holds
// a script's source for the life of the process, as a one-byte string only when every character
// fits in Latin-1: one "…" in the 1 MB server chunk made its source a 2 MB two-byte string
// (docs/measurements/2026-11-29-heap-at-rest.md). vite.config.ts asks rolldown for ASCII output
// (`charset: "ascii"` escapes strings, templates and regular expressions) and drops JSDoc comments,
// which it never escapes. This plugin fails the build when anything else still brings such a
// character (a legal comment, a plugin's code), naming where, rather than let the source double quietly.
import type { Plugin } from "vite";

/** The first characters beyond Latin-1 in `code`, each with a little of the text around it. */
export function beyondLatin1(code: string, limit = 3): { index: number; char: string; context: string }[] {
  const found: { index: number; char: string; context: string }[] = [];
  for (const match of code.matchAll(/[\u0100-\u{10ffff}]/gu)) {
    const index = match.index;
    found.push({ index, char: match[0], context: code.slice(Math.max(0, index - 40), index + 10) });
    if (found.length >= limit) break;
  }
  return found;
}

export function latin1ServerBuild(): Plugin {
  return {
    name: "latin1-server-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        const found = beyondLatin1(file.code);
        if (found.length === 0) continue;
        const where = found.map(({ char, context }) => `"${char}" in …${JSON.stringify(context)}`).join("; ");
        this.error(
          `${file.fileName} has characters beyond Latin-1 (${where}): V8 would hold its source at two bytes a character; escape them (scripts/latin1-server.ts)`,
        );
      }
    },
  };
}
