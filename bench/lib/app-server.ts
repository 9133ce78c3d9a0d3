// The production build on a fresh, migrated and seeded SQLite database in a
// temporary directory, as tests/support/e2e-server.ts starts it, on a free
// port. Every server the bench starts is stopped by the bench.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { seed } from "../../prisma/seed.ts";
import { deploy } from "../../scripts/migrate.ts";
import { productionServer } from "../../scripts/start-command.ts";
import { freePort } from "../../tests/support/ports.ts";

export const root = path.resolve(import.meta.dirname, "../..");

export type AppServer = {
  origin: string;
  pid: number;
  /** Peak resident set size of the server process so far (VmHWM), in bytes. */
  peakRss(): Promise<number>;
  /** What the server wrote to stdout and stderr. */
  log(): string;
  stop(): Promise<void>;
};

export async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 8_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** VmHWM of a Linux process, in bytes (0 where /proc is not there). */
export async function peakRssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/** The production server as `npm start` runs it (scripts/start-command.ts), with NODE_ENV=production; `wpUrl` empty means the product's own stories only. */
export async function startAppServer(options: {
  wpUrl: string;
  name: string;
  /** Node options after those of `npm start`, which they override (for probing the server). */
  nodeArgs?: string[];
  /** More environment for the server, after the bench's own (e.g. PASSWORD_HASH_COST). */
  env?: Record<string, string>;
}): Promise<AppServer> {
  const dir = await mkdtemp(path.join(tmpdir(), `hs-bench-${options.name}-`));
  const url = `file:${path.join(dir, "bench.db")}`;
  await deploy(url);
  await seed(url);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = "";
  const server = productionServer(
    {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: url,
      SITE_URL: origin,
      SESSION_SECRET: "bench-session-secret-that-is-long-enough-0000",
      WP_URL: options.wpUrl,
      WPCOM_SITE: "",
      ...options.env,
      // For diagnosis (docs/measurements/): e.g. {"SERVER_BUILD_PATH": "…/index.js"} runs another build.
      ...(process.env.BENCH_SERVER_ENV ? (JSON.parse(process.env.BENCH_SERVER_ENV) as Record<string, string>) : {}),
    },
    options.nodeArgs,
  );
  const child = spawn(process.execPath, server.args, {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: server.env,
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${origin}/api/health`);
  } catch (error) {
    await stop();
    throw new Error(`The app server did not start: ${(error as Error).message}\n${output}`);
  }
  return {
    origin,
    pid: child.pid ?? 0,
    peakRss: () => peakRssOf(child.pid ?? 0),
    log: () => output,
    stop,
  };
}
