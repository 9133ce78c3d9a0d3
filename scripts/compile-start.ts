// build/start.js: the production server's entry, which is server/index.ts with
// its types erased by Node's own stripper (the one `node server/index.ts`
// runs), so the two cannot differ. The production process then never loads
// that stripper, which stays resident once loaded: about 17 MB of the 200 MB
// budget (docs/performance.md, decision 030). Part of `npm run build`.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { stripTypeScriptTypes } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const source = await readFile(path.join(root, "server/index.ts"), "utf8");
// At the end, so that a line in a stack trace is the same line of server/index.ts.
const footer = "\n// Made by scripts/compile-start.ts from server/index.ts at build time: edit that file.\n";
await mkdir(path.join(root, "build"), { recursive: true });
await writeFile(path.join(root, "build/start.js"), stripTypeScriptTypes(source) + footer);
console.log("build/start.js: server/index.ts without its types");
