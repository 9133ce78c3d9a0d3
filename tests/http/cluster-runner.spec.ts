// `npm run cluster` as an operator runs it (scripts/cluster.ts, after the build and set-up it does):
// its processes listen on loopback only, so no client reaches them past nginx and writes its own
// X-Forwarded-For; one that dies is started again; Ctrl-C stops them all. The multi-process suite
// (tests/reliability/cluster.spec.ts) starts its processes itself, so it never ran this runner.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../support/ports";
import { startSite } from "../support/site-server";

const root = path.resolve(import.meta.dirname, "../..");

/** The local addresses (hex, as /proc/net/tcp writes them) listening on `port`. */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === "0A")
      .map((fields) => (fields[1] as string).split(":")[0] as string),
  );
}

/** The app processes the runner started: its children running the production build. */
function appProcesses(runner: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return parent === runner && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("build/start.js");
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

test("npm run cluster: its processes listen on loopback only, and one that dies is started again", async () => {
  test.setTimeout(120_000);
  const site = await startSite(); // a migrated, seeded database for the cluster
  await site.kill();
  const port = await freePort();
  const appPorts = [port + 1, port + 2];
  let output = "";
  const runner: ChildProcess = spawn(
    process.execPath,
    ["scripts/cluster.ts", "--processes", "2", "--port", String(port)],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: site.databaseUrl,
        SESSION_SECRET: "cluster-runner-secret-that-is-long-enough-00",
        SITE_URL: `http://127.0.0.1:${port}`,
        CONTENT_SYNC: "off",
        WP_URL: "",
        SMTP_URL: "",
        PASSWORD_HASH_COST: "4",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  runner.stdout?.on("data", collect);
  runner.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => runner.once("exit", (code) => resolve(code)));
  try {
    await expect.poll(() => output, { timeout: 60_000 }).toContain(`behind nginx on port ${port}`);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    // Each process on 127.0.0.1 only (0100007F), not on every interface (00000000, or :: in tcp6).
    for (const appPort of appPorts) expect(listeners(appPort)).toEqual(["0100007F"]);
    expect(output).not.toContain("Warning:");

    const [first, second] = appProcesses(runner.pid as number);
    expect(second).toBeDefined();
    process.kill(first as number, "SIGKILL");
    await expect.poll(() => output, { timeout: 30_000 }).toMatch(/The process on port \d+ was started again/);
    await expect.poll(() => appProcesses(runner.pid as number).length, { timeout: 30_000 }).toBe(2);
    for (const appPort of appPorts)
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${appPort}/api/health`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 30_000 },
        )
        .toBe(200);
  } finally {
    runner.kill("SIGTERM");
    expect(await exited).toBe(0);
    await site.dispose();
  }
  // Ctrl-C (SIGTERM here) stopped nginx and every process: nothing of the cluster listens.
  for (const listening of [port, ...appPorts]) expect(listeners(listening)).toEqual([]);
  expect(appProcesses(runner.pid as number)).toEqual([]);
});
