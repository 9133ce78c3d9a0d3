// Debian's nginx in front of several app processes, from the configuration the repository ships
// (deploy/nginx/horror-stories.conf): `npm run cluster`, the multi-process suite and the bench
// run that file, with only its listen address and its `server` lines changed, inside a small main
// configuration of their own (no root-owned paths, no daemon). docs/decisions/040.
import { type ChildProcess, spawn } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { aptInstall, canInstallPackages } from "../tests/support/apt.ts";

const root = path.resolve(import.meta.dirname, "..");
export const SHIPPED_CONFIG = path.join(root, "deploy/nginx/horror-stories.conf");
const NGINX = process.env.NGINX_PATH || "/usr/sbin/nginx";

/** Installs Debian's nginx when it is missing and this is a Debian machine we may change (as ensure-chromium.ts does). */
export async function ensureNginx(): Promise<string> {
  if (existsSync(NGINX)) return NGINX;
  if (!canInstallPackages()) {
    throw new Error(`nginx is missing (${NGINX}). Debian: apt-get install nginx; elsewhere set NGINX_PATH.`);
  }
  console.error("Installing nginx for the several processes behind it...");
  await aptInstall(["nginx"]);
  return NGINX;
}

/** Where the shipped configuration has nginx read its own pages (unavailable.html, .json). */
export const SHIPPED_STATIC_ROOT = "/usr/share/nginx/horror-stories";
/** Those pages, in the repository. */
export const STATIC_PAGES = ["unavailable.html", "unavailable.json"].map((name) =>
  path.join(root, "deploy/nginx", name),
);

/**
 * The shipped site configuration with this listen port and these app ports, and its own pages read
 * from `staticRoot` (a copy of deploy/nginx's) when given.
 */
export function siteConfig(
  listenPort: number,
  upstreamPorts: number[],
  shipped = readFileSync(SHIPPED_CONFIG, "utf8"),
  staticRoot?: string,
) {
  const servers = shipped.match(/^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;$/m);
  if (!servers) throw new Error(`${SHIPPED_CONFIG} has no "server 127.0.0.1:PORT ...;" line`);
  const [, indent = "", options = ""] = servers;
  const upstream = upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${options};`).join("\n");
  return shipped
    .replace(/^\s*server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm, "")
    .replace(/^(\s*upstream \w+ \{\n)/m, `$1${upstream}\n`)
    .replace(/^\s*listen \[::\]:80;\n/m, "")
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`)
    .replaceAll(`root ${SHIPPED_STATIC_ROOT};`, `root ${staticRoot ?? SHIPPED_STATIC_ROOT};`);
}

export type Nginx = { url: string; port: number; pid: number; stop(): Promise<void>; errors(): string };

/** Starts nginx on 127.0.0.1:`port` in front of the app processes on `upstreamPorts`; resolves once it answers. */
export async function startNginx(
  port: number,
  upstreamPorts: number[],
  options: {
    workers?: number;
    /** Adds X-Upstream (the process that answered, as nginx's $upstream_addr) to each answer: tests only. */
    tagUpstream?: boolean;
    /** keepalive_requests (nginx's default is 1000): a test makes every answer the last of its connection. */
    keepaliveRequests?: number;
  } = {},
): Promise<Nginx> {
  const binary = await ensureNginx();
  const dir = mkdtempSync(path.join(tmpdir(), "hs-nginx-"));
  // nginx's workers drop to an unprivileged user when started as root: they must reach these.
  chmodSync(dir, 0o755);
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(dir, sub));
    chmodSync(path.join(dir, sub), 0o777);
  }
  // Its own pages, where its workers can read them (a checkout's folder may not be theirs to read).
  const staticRoot = path.join(dir, "static");
  mkdirSync(staticRoot);
  chmodSync(staticRoot, 0o755);
  for (const page of STATIC_PAGES) {
    const copy = path.join(staticRoot, path.basename(page));
    copyFileSync(page, copy);
    chmodSync(copy, 0o644);
  }
  const main = `daemon off;
worker_processes ${options.workers ?? 1};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${options.tagUpstream ? "  add_header X-Upstream $upstream_addr always;\n" : ""}${options.keepaliveRequests ? `  keepalive_requests ${options.keepaliveRequests};\n` : ""}${siteConfig(port, upstreamPorts, undefined, staticRoot)}
}
`;
  writeFileSync(path.join(dir, "nginx.conf"), main);
  const child: ChildProcess = spawn(
    binary,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-16 * 1024);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errors = () => {
    const log = existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
    return `${stderr}${log}`.slice(-16 * 1024);
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${errors()}`);
    const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status > 0,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 15 s:\n${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    errors,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGQUIT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
