// `npm run cluster`: the site as several identical processes behind Debian's nginx, on this
// machine, with the configuration the repository ships (deploy/nginx/horror-stories.conf;
// docs/decisions/040). Each process is the production server as `npm start` runs it, on the
// same DATABASE_URL (a SQLite file or PostgreSQL); nginx listens on --port and passes each
// request to one of them. Ctrl-C stops nginx, then each process cleanly (SIGTERM).
//
//   npm run cluster [-- --processes 2 --port 8080]
import { type ChildProcess, spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { loadEnvFile } from "./env-file.ts";
import { startNginx } from "./nginx.ts";
import { productionServer } from "./start-command.ts";

loadEnvFile();
const { values } = parseArgs({
  options: { processes: { type: "string", default: "2" }, port: { type: "string", default: "8080" } },
});
const count = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error("--processes takes 1 to 16");
if (!Number.isInteger(port) || port < 1 || port + count > 65_535) throw new Error("--port takes a free port");

const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
/** The processes on the ports after nginx's: 8081, 8082, ... */
const ports = Array.from({ length: count }, (_, i) => port + 1 + i);

function startProcess(appPort: number): ChildProcess {
  const server = productionServer({
    ...process.env,
    PORT: String(appPort),
    // Only nginx, on this machine, reaches the processes: a client past it would write its own
    // X-Forwarded-For, and so its own address for the rate limits.
    HOST: "127.0.0.1",
    SITE_URL: siteUrl,
    // nginx appends the address it saw to X-Forwarded-For: the one entry the app trusts.
    TRUSTED_PROXY_HEADER: "X-Forwarded-For",
    TRUSTED_PROXY_HOPS: "1",
  });
  const child = spawn(process.execPath, server.args, { env: server.env, stdio: ["ignore", "inherit", "inherit"] });
  child.once("exit", (code, signal) => {
    if (stopping) return;
    console.error(`The process on port ${appPort} exited (${signal ?? code}).`);
    restart(appPort);
  });
  return child;
}

/** A process that exits is started again (a crash, or a SIGTERM of a rolling restart); not in a loop. */
const RESTART_AFTER_MS = 1_000;
const MOST_RESTARTS = { count: 5, withinMs: 60_000 };
const restarts = new Map<number, number[]>();

function restart(appPort: number) {
  const recent = (restarts.get(appPort) ?? []).filter((at) => Date.now() - at < MOST_RESTARTS.withinMs);
  if (recent.length >= MOST_RESTARTS.count) {
    console.error(
      `The process on port ${appPort} exited ${recent.length + 1} times in a minute: stopping the cluster (see its output above).`,
    );
    void stop(1);
    return;
  }
  restarts.set(appPort, [...recent, Date.now()]);
  setTimeout(() => {
    if (stopping) return;
    const index = ports.indexOf(appPort);
    children[index] = startProcess(appPort);
    console.error(`The process on port ${appPort} was started again (pid ${children[index]?.pid}).`);
  }, RESTART_AFTER_MS);
}

async function healthy(appPort: number, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The process on port ${appPort} exited with ${child.exitCode}.`);
    const ok = await fetch(`http://127.0.0.1:${appPort}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The process on port ${appPort} did not answer in 60 s.`);
}

let stopping = false;
const children = ports.map(startProcess);

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await nginx?.stop();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop());

let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
try {
  await Promise.all(ports.map((appPort, i) => healthy(appPort, children[i] as ChildProcess)));
  nginx = await startNginx(port, ports, { workers: count });
  console.log(
    `Horror Stories on ${siteUrl}: ${count} processes (ports ${ports.join(", ")}) behind nginx on port ${port}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
