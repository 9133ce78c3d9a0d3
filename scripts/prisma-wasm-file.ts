// The server build loads Prisma's query compiler from a .wasm file next to its chunks, instead of
// the base64 module the generated client imports (docs/decisions/030, 2026-11-29). That module's
// 4.4 MB source and the 4.4 MB string it exports stayed in V8's heap for the life of the process,
// only to be decoded once into the 3.3 MB module. Prisma 7 offers no option for this on Node (its
// `.wasm?module` form is for edge bundlers), and editing the generated client would be undone by
// every `prisma generate`: so the build rewrites the one loader in the generated code, and fails
// when that code no longer looks as expected (a Prisma upgrade), rather than keep base64 quietly.
// Vitest, the scripts and `npm run dev` import the generated client as it is.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { rewriteParameterSchema } from "./prisma-parameter-graph.ts";

/** The generated loader: `const { wasm } = await import(".../query_compiler_fast_bg.sqlite.wasm-base64.mjs")` then the decode. */
const LOADER =
  /const \{ wasm \} = await import\("(@prisma\/client\/runtime\/(query_compiler_\w+_bg\.\w+)\.wasm-base64\.mjs)"\)\s*\n\s*return await decodeBase64AsWasm\(wasm\)/;

/** A generated client's internal class module (app/generated/prisma and prisma-postgres). */
const GENERATED_CLASS = /\/app\/generated\/[\w-]+\/internal\/class\.ts$/;

/** The .wasm bytes of a base64 module of @prisma/client's runtime, decoded at build time. */
async function wasmBytes(specifier: string): Promise<Buffer> {
  const { wasm } = (await import(import.meta.resolve(specifier))) as { wasm: string };
  return Buffer.from(wasm, "base64");
}

/** `code` with the base64 import replaced by reading `fileUrlExpression`; throws when the loader is not found. */
export function rewriteLoader(code: string, fileUrlExpression: (name: string, specifier: string) => string) {
  const match = LOADER.exec(code);
  if (!match) return null;
  const [whole, specifier = "", name = ""] = match;
  const read = `const { readFile } = await import("node:fs/promises")
    return new WebAssembly.Module(await readFile(${fileUrlExpression(name, specifier)}))`;
  return { code: code.replace(whole, read), name, specifier };
}

export function prismaWasmFile(): Plugin {
  /** .wasm files to write beside the server build, by name (e.g. query_compiler_fast_bg.sqlite). */
  const files = new Map<string, string>();
  const fileName = (name: string) => `assets/${name}.wasm`;
  return {
    name: "prisma-wasm-file",
    apply: "build",
    // Before the TypeScript transform, on the generated text itself.
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!GENERATED_CLASS.test(id)) return null;
      const rewritten = rewriteLoader(code, (name) => `new URL(${JSON.stringify(placeholder(name))}, import.meta.url)`);
      if (!rewritten) {
        this.error(
          `${id}: Prisma's query-compiler loader is not where scripts/prisma-wasm-file.ts expects it (a Prisma upgrade?); update the plugin`,
        );
      }
      files.set(rewritten.name, rewritten.specifier);
      // The query-parameter graph with its names renumbered, most used first (scripts/prisma-parameter-graph.ts).
      const reordered = rewriteParameterSchema(rewritten.code);
      if (reordered === null) {
        this.error(
          `${id}: Prisma's parameterizationSchema is not where scripts/prisma-parameter-graph.ts expects it (a Prisma upgrade?); update it`,
        );
      }
      return { code: reordered, map: null };
    },
    // The chunk's own path to the file: the server build is not served, so no hash and no public URL.
    renderChunk(code, chunk) {
      let out = code;
      for (const name of files.keys()) {
        const relative = path.posix.relative(path.posix.dirname(chunk.fileName), fileName(name));
        out = out.replaceAll(placeholder(name), relative.startsWith(".") ? relative : `./${relative}`);
      }
      return out === code ? null : { code: out, map: null };
    },
    async writeBundle(options) {
      const outDir = options.dir ?? "build/server";
      await mkdir(path.join(outDir, "assets"), { recursive: true });
      for (const [name, specifier] of files)
        await writeFile(path.join(outDir, fileName(name)), await wasmBytes(specifier));
    },
  };
}

function placeholder(name: string) {
  return `__prisma_wasm_file_${name}__`;
}
