// The browser suite's servers (playwright.config.ts `SUITE_SERVERS`), started at
// once instead of one after another: Playwright starts its `webServer` entries in
// turn and polls each at 0.1, 0.35, 0.85 s and then every second, which cost
// about 5 s before the first test. A server waits only for those it names in
// `after`. Once every server answers its URL, this process answers on
// SUITE_READY_PORT, the one URL Playwright waits for. Playwright stops this
// process's group when the run ends, and with it every server.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";

export type SuiteServer = {
  name: string;
  /** The node script and its arguments. */
  args: string[];
  /** Answers 2xx once the server is up. */
  url: string;
  env?: Record<string, string>;
  /** Names of servers (earlier in the list) to wait for first. */
  after?: string[];
  /** Pass its stderr through (the site's own errors); stdout is always left out. */
  stderr?: boolean;
};

const TIMEOUT_MS = 120_000;

async function answers(server: SuiteServer, child: ChildProcess) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${server.name} exited with code ${child.exitCode} before it answered`);
    const ok = await fetch(server.url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${server.name} did not answer ${server.url} within ${TIMEOUT_MS / 1000} s`);
}

if (import.meta.main) {
  const servers = JSON.parse(process.env.SUITE_SERVERS ?? "[]") as SuiteServer[];
  const readyPort = Number(process.env.SUITE_READY_PORT);
  const children: ChildProcess[] = [];
  let stopping = false;
  const stop = (code: number) => {
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    process.exitCode = code;
    setTimeout(() => process.exit(code), 2_000).unref();
  };
  process.once("SIGTERM", () => stop(0));
  process.once("SIGINT", () => stop(0));

  const started = new Map<string, Promise<void>>();
  for (const server of servers) {
    started.set(
      server.name,
      (async () => {
        await Promise.all((server.after ?? []).map((name) => started.get(name)));
        const child = spawn(process.execPath, server.args, {
          env: { ...process.env, ...server.env },
          stdio: ["ignore", "ignore", server.stderr ? "inherit" : "ignore"],
        });
        children.push(child);
        child.on("exit", (code, signal) => {
          if (stopping) return;
          console.error(`[suite-servers] ${server.name} stopped (${signal ?? `code ${code}`}): the run cannot go on.`);
          stop(1);
        });
        await answers(server, child);
      })(),
    );
  }
  try {
    await Promise.all(started.values());
  } catch (error) {
    console.error(`[suite-servers] ${(error as Error).message}`);
    stop(1);
  }
  if (!stopping) {
    createServer((_request, response) => response.end("ready\n")).listen(readyPort, "127.0.0.1");
  }
}
