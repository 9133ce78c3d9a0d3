// Every stylesheet besides the inlined app.css that puts rules in Tailwind's layers declares
// their order first (issue 40, docs/decisions/034): the browser orders layers by the first
// sheet that names them, and a sheet a lazy part links may come first.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ORDER = "@layer properties, theme, base, components, utilities;";

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith(".css") ? [path] : [];
  });
}

const layered = cssFiles("app").filter(
  (path) =>
    !path.endsWith("app/styles/app.css") && /\blayer\(|@layer\b|@import "tailwindcss/.test(readFileSync(path, "utf8")),
);

describe("layered stylesheets", () => {
  it("are found", () => {
    expect(layered).toContain("app/styles/pages.css");
  });
  it.each(layered)("%s declares the layer order before any rule or import", (path) => {
    const code = readFileSync(path, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .trim();
    expect(code.startsWith(ORDER)).toBe(true);
  });
});
