// After `react-router build`: a brotli (quality 11) and a gzip (level 9) copy
// of every fingerprinted client file that compresses, so the server sends those
// files as they are (server/precompressed.ts) instead of running
// zlib for every request. Smaller than per-request compression can afford, and
// no compression streams in the server's memory.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { COMPRESSIBLE_TYPES } from "../server/precompressed.ts";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, "build/client/assets");
/**
 * A copy is kept where it saves at least this much: the Content-Encoding header it adds costs about
 * 25 bytes. Not compression()'s 1 KB threshold, which is for work done per request: done once here,
 * the entry and the bundler's runtime (0.4 and 0.6 KB, on every page) go 0.4 KB smaller between them.
 */
const MIN_SAVING = 32;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const names = (await readdir(dir, { recursive: true })).filter((name) => path.extname(name) in COMPRESSIBLE_TYPES);
let count = 0;
let before = 0;
let after = 0;
await Promise.all(
  names.map(async (name) => {
    const file = path.join(dir, name);
    if (!(await stat(file)).isFile()) return;
    const body = await readFile(file);
    if (body.length <= MIN_SAVING) return;
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(body, { level: 9 }),
    ]);
    // Both or neither: the server sends the brotli copy when the browser takes brotli, and does not
    // look for the gzip one then (server/precompressed.ts).
    if (body.length - Math.max(br.length, gzipped.length) < MIN_SAVING) return;
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    count++;
    before += body.length;
    after += br.length;
  }),
);
console.log(
  `compressed ${count} client files: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB brotli`,
);
