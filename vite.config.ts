import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { layerChunks } from "./scripts/layer-chunks";

// The framework, the root's modules and the site layout's: three chunks where the bundler made
// about thirty small ones (scripts/layer-chunks.ts, docs/decisions/028).
const layers = layerChunks();

export default defineConfig({
  environments: {
    // The server build is the whole HTTP layer (server/app.ts), which imports the app's build
    // (React Router 8 reads the server entry from the ssr environment's input).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: layers.groups } } } } },
  },
  plugins: [tailwindcss(), reactRouter(), layers.plugin],
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
});
