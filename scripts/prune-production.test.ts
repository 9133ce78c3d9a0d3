import { expect, test } from "vitest";
import { productionClosure, usedQueryCompilers } from "./prune-production.ts";

test("production keeps dependencies, optional dependencies and required peers, not optional peers", () => {
  const packages = {
    "": { dependencies: { client: "1" }, devDependencies: { cli: "1" } },
    "node_modules/client": {
      dependencies: { runtime: "1" },
      optionalDependencies: { "native-x64": "1" },
      peerDependencies: { cli: "*", react: "*" },
      peerDependenciesMeta: { cli: { optional: true } },
    },
    "node_modules/runtime": { dependencies: { shared: "2" } },
    // The nested copy is the one `runtime` loads; the top-level one belongs to the CLI.
    "node_modules/runtime/node_modules/shared": {},
    "node_modules/shared": {},
    "node_modules/native-x64": {},
    "node_modules/react": {},
    "node_modules/cli": { dependencies: { shared: "1", studio: "1" } },
    "node_modules/studio": {},
  };
  expect([...productionClosure(packages)].sort()).toEqual([
    "node_modules/client",
    "node_modules/native-x64",
    "node_modules/react",
    "node_modules/runtime",
    "node_modules/runtime/node_modules/shared",
  ]);
});

test("the query compilers kept are those the generated client imports", () => {
  const generated = `
    getQueryCompilerWasmModule: async () => {
      const { wasm } = await import("@prisma/client/runtime/query_compiler_fast_bg.sqlite.wasm-base64.mjs")
      return await decodeBase64AsWasm(wasm)
    },
    importName: "./query_compiler_fast_bg.js"`;
  expect([...usedQueryCompilers(generated)]).toEqual(["fast_bg.sqlite"]);
});
