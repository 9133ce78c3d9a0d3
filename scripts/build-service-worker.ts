// Builds the service worker (app/offline/worker/sw.ts, docs/decisions/042) into
// build/client/sw.js: one classic script at the site's root (a worker's scope is
// its folder), bundled with Serwist by Vite's own bundler and minified. Its
// revision is the client build's manifest name, so every build gives a new
// worker, which takes over at once and fetches the shell page again.
//
//   node scripts/build-service-worker.ts      after `react-router build`
import { readdirSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "build/client");
const manifest = readdirSync(path.join(clientDir, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f));
if (!manifest) throw new Error("no manifest-*.js in build/client/assets: run react-router build first");

await build({
  configFile: false,
  root,
  logLevel: "warn",
  define: {
    __OFFLINE_REVISION__: JSON.stringify(manifest.replace(/^manifest-|\.js$/g, "")),
    // Serwist's development logging is left out of the production worker.
    "process.env.NODE_ENV": JSON.stringify("production"),
  },
  build: {
    outDir: clientDir,
    emptyOutDir: false,
    copyPublicDir: false,
    minify: true,
    lib: { entry: path.join(root, "app/offline/worker/sw.ts"), formats: ["iife"], name: "sw", fileName: () => "sw.js" },
  },
});
