import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { rewriteLoader } from "./prisma-wasm-file.ts";

const root = path.resolve(import.meta.dirname, "..");

// The build fails when the loader is not found; this says so before a build, on each generated client.
test.each(["prisma", "prisma-postgres"])(
  "the server build finds the base64 loader of app/generated/%s and reads the .wasm file instead",
  (client) => {
    const generated = readFileSync(path.join(root, "app/generated", client, "internal/class.ts"), "utf8");
    const rewritten = rewriteLoader(generated, (name) => `new URL("./${name}.wasm", import.meta.url)`);
    expect(rewritten?.specifier).toMatch(/^@prisma\/client\/runtime\/query_compiler_fast_bg\.\w+\.wasm-base64\.mjs$/);
    expect(rewritten?.code).not.toContain("wasm-base64");
    expect(rewritten?.code).toContain(`readFile(new URL("./${rewritten?.name}.wasm", import.meta.url))`);
  },
);

test("a loader of another shape is not rewritten (the plugin then fails the build)", () => {
  expect(rewriteLoader(`const { wasm } = await import("./other.mjs")`, () => "")).toBeNull();
});
