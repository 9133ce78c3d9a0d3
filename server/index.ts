// The process: loads the HTTP layer (server/app.ts) through Vite in
// development (`--dev`) or from the build in production, listens with the
// request timeouts, runs the start-up jobs, and stops cleanly on SIGTERM.
// It stays plain (erasable) TypeScript: `npm run dev` runs it with Node's own
// TypeScript support, and `npm run build` erases its types into build/start.js
// (scripts/compile-start.ts), which production runs, so that the server never
// loads Node's type stripper (decision 030). `root` is one level up from either.
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
// Types only (erased): at run time the module comes from the build, or through Vite.
import type * as App from "./app.ts";

type ServerModule = typeof App;
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
// `npm start` and `npm run dev` pass --dotenv: `.env` is read when there is one (as
// scripts/env-file.ts does for the other scripts; Node's --env-file-if-exists printed ".env not
// found" on every start without one). The Docker image and the test servers do not pass it.
const envFile = path.join(root, ".env");
if (process.argv.includes("--dotenv") && existsSync(envFile)) process.loadEnvFile(envFile);

async function load(): Promise<{ module: ServerModule; listener: Listener }> {
  if (!dev) {
    const buildPath = process.env.SERVER_BUILD_PATH ?? path.join(root, "build/server/index.js");
    const module: ServerModule = await import(pathToFileURL(buildPath).href);
    return { module, listener: module.createHttpHandler({ mode: "production" }) };
  }
  const vite = await import("vite");
  const viteServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: "custom" });
  const loadApp = () => viteServer.ssrLoadModule(path.join(root, "server/app.ts")) as Promise<ServerModule>;
  const module = await loadApp();
  // The app is loaded again through Vite on each request, so an edit applies without a restart.
  let current = { module, listener: module.createHttpHandler({ mode: "development" }) };
  const listener: Listener = (req, res) =>
    viteServer.middlewares(req, res, async () => {
      try {
        const latest = await loadApp();
        if (latest !== current.module)
          current = { module: latest, listener: latest.createHttpHandler({ mode: "development" }) };
        current.listener(req, res);
      } catch (error) {
        viteServer.ssrFixStacktrace(error as Error);
        console.error(error);
        res.statusCode = 500;
        res.end(String(error));
      }
    });
  return { module, listener };
}

const { module, listener } = await load();
const { env } = module;

const server = createServer(
  {
    // https://nodejs.org/api/http.html#serverrequesttimeout: past either, Node answers 408 and closes.
    headersTimeout: env.HEADERS_TIMEOUT_MS,
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    // How often those timeouts are checked (Node's default is 30 s).
    connectionsCheckingInterval: Math.min(1_000, env.HEADERS_TIMEOUT_MS),
  },
  listener,
);
server.listen(env.PORT, () => {
  console.log(`Horror Stories on http://localhost:${env.PORT}${dev ? " (development)" : ""}`);
  module.runStartupJobs();
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
