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

// A database that lacks a migration of this code, or has one it does not know, would answer
// readers with 500s: the process says what to do and exits before it listens.
const refusal = await module.checkMigrations(root);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

/** Responses under way, so that a stop can tell their clients not to send another request on the connection. */
const open = new Map<ServerResponse, IncomingMessage>();
let stopping = false;

/**
 * How long a connection stays open after its last answer. Node 24's default is 5 s, but a reader
 * reads for longer than that before tapping the next story, and on slow-2g a new connection is
 * one more 2 s round trip (two or three behind TLS) before the page's first byte. 65 s, as Node's
 * later releases default to and longer than a page of reading; an idle connection costs the
 * server a few KB, and a stop closes idle ones at once. nginx, in front of several processes,
 * keeps the reader's connection itself (75 s, its default).
 */
const KEEP_ALIVE_MS = 65_000;

const server = createServer(
  {
    keepAliveTimeout: KEEP_ALIVE_MS,
    // https://nodejs.org/api/http.html#serverrequesttimeout: past either, Node answers 408 and closes.
    headersTimeout: env.HEADERS_TIMEOUT_MS,
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    // How often those timeouts are checked (Node's default is 30 s).
    connectionsCheckingInterval: Math.min(1_000, env.HEADERS_TIMEOUT_MS),
  },
  (req, res) => {
    if (stopping) res.setHeader("Connection", "close");
    open.set(res, req);
    res.once("close", () => open.delete(res));
    listener(req, res);
  },
);
server.listen(env.PORT, env.HOST, () => {
  // The readers' address, and where this process listens (behind a proxy, not the same).
  const where = `${env.HOST ?? "every interface"}, port ${env.PORT}`;
  console.log(`Horror Stories on ${env.SITE_URL} (listening on ${where})${dev ? " (development)" : ""}`);
  for (const warning of module.startWarnings(env)) console.warn(`Warning: ${warning}`);
  module.runStartupJobs();
});

/** SIGTERM's budget (docs/decisions/040): a process manager waits 10 s before its SIGKILL. */
const STOP_WITHIN_MS = 9_000;

/**
 * A clean stop (SIGTERM, SIGINT; a rolling restart): the port closes at once, so the proxy sends
 * new requests to the other processes; the requests under way finish (their connections close
 * after them); the recurring jobs stop and the leases this process holds are given back; the
 * database is checkpointed and closed (db.server.ts's closeDatabase); then the process exits,
 * within STOP_WITHIN_MS whatever is still running.
 */
async function stop() {
  if (stopping) return;
  stopping = true;
  const deadline = setTimeout(() => {
    console.error(`Stopping took over ${STOP_WITHIN_MS / 1000} s: exiting with requests still open.`);
    process.exit(1);
  }, STOP_WITHIN_MS);
  deadline.unref();
  for (const [res, req] of open) {
    // An event stream (the sync's progress) lasts as long as its page: cut it, and the browser's
    // EventSource reconnects, through the proxy, to a process that is not stopping.
    if (req.headers.accept?.includes("text/event-stream")) res.destroy();
    else if (!res.headersSent) res.setHeader("Connection", "close");
  }
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection goes idle after its last answer: close each as it does.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  await Promise.all([drained, module.stopStartupJobs(STOP_WITHIN_MS - 1_000)]).catch((error) =>
    console.error("Stopping failed:", error instanceof Error ? error.message : error),
  );
  clearInterval(idle);
  // Nothing uses the database now: on SQLite its write-ahead log goes into the file, which is then
  // a complete copy by itself, and the connections close.
  await module
    .closeDatabase()
    .catch((error) => console.error("Closing the database failed:", error instanceof Error ? error.message : error));
  process.exit(0);
}

for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop());
