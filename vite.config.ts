import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server build is the whole HTTP layer (server/app.ts), which imports the app's build
  // (React Router 8 reads the server entry from the ssr environment's input).
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    // React, React DOM and React Router are on every page: one chunk instead of about ten
    // (docs/decisions/028; on slow-2g each file is a share of 2 s round trips).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
});
