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
/** compression()'s threshold: smaller files are sent as they are. */
const MIN_BYTES = 1024;

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
    if (body.length < MIN_BYTES) return;
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
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    count++;
    before += body.length;
    after += br.length;
  }),
);
console.log(
  `compressed ${count} client files: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB brotli`,
);
