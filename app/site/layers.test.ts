// The layers point one way: server/ (the HTTP layer) uses app/, and nothing in app/ imports
// server/ (issue 41). A route declares its cache policy with app/site/cache-policy.ts; the
// HTTP layer reads the headers it sets.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const app = path.resolve(import.meta.dirname, "..");
const server = path.resolve(app, "..", "server");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT = /(?:import|export)\s[^"']*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

describe("layers", () => {
  it("no module of app/ imports server/", () => {
    const upward: string[] = [];
    for (const file of sources(app)) {
      for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? "";
        if (!specifier.startsWith(".")) continue;
        const target = path.resolve(path.dirname(file), specifier);
        if (target === server || target.startsWith(server + path.sep))
          upward.push(`${path.relative(app, file)} -> ${specifier}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
