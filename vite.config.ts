import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { dedupePackages } from "./scripts/dedupe-packages.ts";
import { latin1ServerBuild } from "./scripts/latin1-server.ts";
import { layerChunks } from "./scripts/layer-chunks.ts";
import { prismaWasmFile } from "./scripts/prisma-wasm-file.ts";

// The framework, the root's modules and the site layout's: three chunks where the bundler made
// about thirty small ones (scripts/layer-chunks.ts, docs/decisions/028).
const layers = layerChunks();

// How long plugins took is the machine's load (a shared CI core), not a defect of the build:
// rolldown's PLUGIN_TIMINGS note is off; `npm run bench` is where time is measured.
const QUIET_TIMINGS = { pluginTimings: false };

export default defineConfig({
  environments: {
    // The server build is the whole HTTP layer (server/app.ts), which imports the app's build
    // (React Router 8 reads the server entry from the ssr environment's input).
    // The server is one file whatever imports what, so a dynamic import there (browser-store.ts
    // loads its zod schema lazily, for the browser's sake) is never "effective": not a finding.
    // ASCII output, JSDoc comments dropped (rolldown never escapes comments): V8 holds a script's
    // source at one byte a character only when all of it is Latin-1 (scripts/latin1-server.ts).
    ssr: {
      build: {
        rollupOptions: {
          input: "./server/app.ts",
          output: { charset: "ascii", comments: { jsdoc: false } },
          checks: { ineffectiveDynamicImport: false, ...QUIET_TIMINGS },
        },
      },
    },
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: layers.groups } }, checks: QUIET_TIMINGS } },
    },
  },
  plugins: [tailwindcss(), reactRouter(), layers.plugin, dedupePackages(), prismaWasmFile(), latin1ServerBuild()],
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
});
