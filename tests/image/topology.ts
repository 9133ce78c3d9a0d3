// The several-process topology of issue 42, run from the built image (issue 43, docs/decisions/041):
// deploy/compose.yaml, the file a user deploys, unchanged, with Debian's podman-compose: PostgreSQL,
// two app containers and nginx on a podman network of their own, whose DNS answers the compose
// file's service names. The postgres and nginx images it names are made here from Debian's
// packages (tests/image/stand-ins/), since no registry is reachable, and tagged with the names
// the compose file uses, so podman finds them on the machine and pulls nothing.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { httpClient } from "../support/http-client.ts";
import { CheckFailed, check, waitHealthy } from "./checks.ts";
import { podman, streamed } from "./podman.ts";

const root = path.resolve(import.meta.dirname, "../..");
const COMPOSE_FILE = path.join(root, "deploy/compose.yaml");
/** A project name of the test's own, so a user's `horror-stories` stack on the machine is left alone. */
export const PROJECT = "horror-stories-topology-test";
/** The images deploy/compose.yaml names, and the stand-in each is built from. */
const STAND_INS = [
  { tag: "docker.io/library/postgres:15-bookworm", file: "postgres.Containerfile" },
  { tag: "docker.io/library/nginx:stable-bookworm", file: "nginx.Containerfile" },
] as const;
/** The compose file's `image:` of the app (its `migrate` service builds it under that name). */
const APP_TAG = "localhost/horror-stories:local";

export const container = (service: string, n = 1) => `${PROJECT}_${service}_${n}`;

/** Builds the postgres and nginx stand-ins on `base` (podman's layer cache keeps a second run short). */
export async function buildStandIns(base: string): Promise<string> {
  for (const { tag, file } of STAND_INS) {
    const build = await streamed(
      "podman",
      ["build", "--format", "docker", "--network", "host", "--build-arg", `BASE=${base}`, "-f", file, "-t", tag, "."],
      path.join(root, "tests/image/stand-ins"),
    );
    check(build.status === 0, `podman build of ${tag} failed (${build.status})`);
  }
  return STAND_INS.map((s) => s.tag).join(", ");
}

/** podman-compose on the shipped file, with the test's project name and settings. */
function compose(args: string[], env: Record<string, string>) {
  const result = spawnSync("podman-compose", ["-p", PROJECT, "-f", COMPOSE_FILE, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0)
    throw new Error(`podman-compose ${args.join(" ")} failed (${result.status}):\n${output.slice(-3000)}`);
  return output;
}

const running = (name: string) =>
  podman(["inspect", "--format", "{{.State.Running}}", name], { allowFailure: true }).stdout.trim() === "true";

/** Runs a container's healthcheck until it passes (podman runs none by itself without systemd). */
async function healthy(name: string) {
  const deadline = Date.now() + 180_000;
  while (podman(["healthcheck", "run", name], { allowFailure: true }).status !== 0) {
    // A container restarting (its `restart:` policy) is not running for a moment: only the deadline ends this.
    check(Date.now() < deadline, `${name}'s healthcheck did not pass within 180 s:\n${stackLogs()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Starts the stack. podman-compose 1.0.3 (Debian 12) starts services in the order of `depends_on`
 * but ignores its conditions (`service_healthy`, `service_completed_successfully`), so the test
 * keeps them itself: PostgreSQL first, until its healthcheck passes; `migrate`, to its end; then
 * the whole file. (The apps' own entry migrates too, under the schema engine's advisory lock.)
 */
export async function composeUp(app: string, env: Record<string, string>, proxy: string) {
  down(env);
  podman(["tag", app, APP_TAG]);
  compose(["up", "-d", "postgres"], env);
  await healthy(container("postgres"));
  // The migrations and the seed before the rest join the network: once, with everything started
  // together, the seed found `postgres` unreachable while the apps and nginx were joining (each
  // container that joins makes podman reload its DNS server, aardvark-dns).
  compose(["up", "-d", "migrate"], env);
  const migrated = Number(podman(["wait", container("migrate")]).stdout.trim());
  check(migrated === 0, `the migrate service exited with ${migrated}:\n${stackLogs()}`);
  // The whole file: podman-compose starts the running `postgres` and the finished `migrate` again
  // (as `docker compose up` does: migrating twice applies nothing new), then the apps and nginx.
  compose(["up", "-d"], env);
  // Each app container's own HEALTHCHECK (the Dockerfile's), then nginx in front of them.
  for (const n of [1, 2]) await healthy(container("app", n));
  await waitHealthy(proxy, () => running(container("nginx")));
  return `${["postgres", "migrate", "app_1", "app_2", "nginx"].join(", ")} up; nginx answers /api/health`;
}

/** The addresses nginx resolved `app` to: one per app container, or killing one proves nothing. */
export function appPeers(): Map<string, string> {
  const answer = podman(["exec", container("nginx"), "getent", "ahostsv4", "app"]).stdout;
  const addresses = new Set(
    answer
      .split("\n")
      .map((line) => line.split(/\s+/)[0])
      .filter(Boolean),
  );
  const peers = new Map<string, string>();
  for (const n of [1, 2]) {
    const name = container("app", n);
    const ip = podman([
      "inspect",
      "--format",
      "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}",
      name,
    ]).stdout.trim();
    check(addresses.has(ip), `\`app\` resolves to ${[...addresses].join(", ")} in nginx, not ${name}'s ${ip}`);
    peers.set(name, ip);
  }
  return peers;
}

/** A statement in the topology's PostgreSQL, as its superuser; the first column of each row. */
function psql(sql: string): string[] {
  const result = podman([
    "exec",
    container("postgres"),
    "psql",
    "-U",
    "horror",
    "-d",
    "horror_stories",
    "-At",
    "-c",
    sql,
  ]);
  return result.stdout.trim().split("\n").filter(Boolean);
}

/**
 * The database's name stops resolving in one app container, as under podman's DNS while it
 * reloads (aardvark-dns 1.4 drops queries each time a container on the machine starts or stops):
 * a resolver inside the container that takes every query and answers none, so each lookup costs
 * glibc's timeout. Then the process's connections are cut from the database's side, so its next
 * queries need new ones. The process must still answer pages at once: it connects to the address
 * it resolved before (app/database-address.server.ts). Before that, /api/health answered 503,
 * the home page 500 after 38 s, and a story page nothing within 40 s.
 */
export async function withoutDatabaseDns(name: string, address: string) {
  const base = `http://${address}:3000`;
  // The silent resolver: a UDP socket that reads every query and never answers.
  podman([
    "exec",
    "--detach",
    "--user",
    "0",
    name,
    "node",
    "-e",
    'const s = require("node:dgram").createSocket("udp4"); s.on("message", () => {}); s.bind(53, "127.0.0.53")',
  ]);
  podman(["exec", "--user", "0", name, "sh", "-c", "cp /etc/resolv.conf /tmp/resolv.conf.kept"]);
  try {
    // Listening before the container is pointed at it (a closed port would fail at once instead).
    const deadline = Date.now() + 10_000;
    while (!podman(["exec", name, "cat", "/proc/net/udp"]).stdout.includes(":0035 ")) {
      check(Date.now() < deadline, "the silent resolver did not start listening within 10 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    podman(["exec", "--user", "0", name, "sh", "-c", 'echo "nameserver 127.0.0.53" > /etc/resolv.conf']);
    // The setup has teeth: the name does not resolve within 3 s there now.
    const lookup = podman(["exec", name, "timeout", "3", "getent", "hosts", "postgres"], { allowFailure: true });
    check(lookup.status === 124, `getent hosts postgres ended with ${lookup.status}, not the 3 s timeout (124)`);
    const cut = psql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE client_addr = '${address}' AND pid <> pg_backend_pid()`,
    ).length;
    check(cut > 0, `${name} had no connection to the database to cut`);
    const answers: string[] = [];
    for (const path of ["/api/health", "/", `/story/the-widows-clock`, "/stories"]) {
      const started = Date.now();
      const status = await fetch(new URL(path, base), {
        headers: { "Accept-Encoding": "br" },
        // Under glibc's 5 s per unanswered lookup: a page that waited on DNS does not make it.
        signal: AbortSignal.timeout(4_000),
      }).then(
        async (reply) => {
          await reply.arrayBuffer();
          return reply.status;
        },
        (error: Error) => error.message,
      );
      check(status === 200, `GET ${path} on ${name}, its database name unresolvable: ${status}`);
      answers.push(`${path} ${Date.now() - started} ms`);
    }
    const connections = psql(`SELECT count(*) FROM pg_stat_activity WHERE client_addr = '${address}'`)[0];
    return `${cut} connections cut, ${connections} new ones made without DNS; ${answers.join(", ")}`;
  } finally {
    podman(["exec", "--user", "0", name, "sh", "-c", "cat /tmp/resolv.conf.kept > /etc/resolv.conf"], {
      allowFailure: true,
    });
  }
}

/** nginx's log lines of attempts on `address` that failed (it then passed the request on). */
function failedAttempts(address: string): number {
  const log = podman(["logs", container("nginx")], { allowFailure: true });
  return (log.stdout + log.stderr).split("\n").filter((line) => line.includes(`upstream: "http://${address}:`)).length;
}

/**
 * Readers through the proxy (the home page and a story, in turn) while one app container is ended
 * with SIGKILL: not one request may fail at the proxy. The load runs on until nginx has logged a
 * failed attempt on the killed container (so requests did meet the dead process) and as many pages
 * again were served as before the kill.
 */
export async function killUnderLoad(proxy: string, paths: string[], victim: string, address: string) {
  const failedBefore = failedAttempts(address);
  let reading = true;
  let served = 0;
  const failures: string[] = [];
  const readers = Array.from({ length: 4 }, async (_, reader) => {
    for (let i = reader; reading; i++) {
      const target = paths[i % paths.length] as string;
      const result = await httpClient(proxy)
        .get(target)
        .then(
          (reply) => (reply.status === 200 ? "" : `GET ${target}: ${reply.status}`),
          (error: Error) => `GET ${target}: ${error.message}`,
        );
      if (result) failures.push(result);
      else served++;
    }
  });
  const waitFor = async (condition: () => boolean, what: string) => {
    const deadline = Date.now() + 120_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new CheckFailed(`${what} did not happen within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  let atKill = 0;
  try {
    await waitFor(() => served >= 20 || failures.length > 0, "20 pages served before the kill");
    atKill = served;
    podman(["kill", "--signal", "KILL", victim]);
    await waitFor(
      () => served >= atKill * 2 && failedAttempts(address) > failedBefore,
      `${atKill} more pages served, and a failed attempt on ${victim} in nginx's log,`,
    );
  } finally {
    reading = false;
    await Promise.all(readers);
  }
  check(
    !failures.length,
    `${failures.length} of ${served + failures.length} requests failed at the proxy:\n  ${[...new Set(failures)].join("\n  ")}`,
  );
  const retried = failedAttempts(address) - failedBefore;
  return `${served} pages served (${atKill} before the kill), none failed; nginx passed on ${retried} attempts that met ${victim}`;
}

/** Removes the stack, its volumes and its network. */
export function down(env: Record<string, string>) {
  try {
    compose(["down", "-v"], env);
  } catch {
    // Nothing was up.
  }
  podman(["network", "rm", "-f", `${PROJECT}_default`], { allowFailure: true });
}

/** The last lines of every container's log, for a failure's report. */
export function stackLogs(): string {
  return ["postgres", "migrate", "app", "app_2", "nginx"]
    .map((service) => {
      const name = service === "app_2" ? container("app", 2) : container(service);
      const log = podman(["logs", name], { allowFailure: true });
      return `--- ${name} ---\n${(log.stdout + log.stderr).slice(-1500)}`;
    })
    .join("\n");
}
