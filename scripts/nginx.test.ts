// The shipped nginx configuration, as the cluster command and the compose file use it: nginx
// itself checks each variant (`nginx -t`) where it is installed.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STATUS_PAGES } from "../app/utils/status-pages.ts";
import { SHIPPED_CONFIG, SHIPPED_STATIC_ROOT, STATIC_PAGES, siteConfig } from "./nginx.ts";

const root = path.resolve(import.meta.dirname, "..");
const NGINX = process.env.NGINX_PATH || "/usr/sbin/nginx";
const dir = mkdtempSync(path.join(tmpdir(), "hs-nginx-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** nginx's own check of a site configuration inside a minimal main one. */
function nginxAccepts(site: string): { ok: boolean; output: string } {
  const main = path.join(dir, "nginx.conf");
  writeFileSync(
    main,
    `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n${site}\n}\n`,
  );
  const run = spawnSync(NGINX, ["-t", "-p", dir, "-c", main, "-e", path.join(dir, "error.log")], { encoding: "utf8" });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

describe("deploy/nginx/horror-stories.conf", () => {
  const shipped = readFileSync(SHIPPED_CONFIG, "utf8");

  it("retries idempotent requests only, on errors and time-outs, and forwards the client address", () => {
    expect(shipped).toMatch(/^\s*proxy_next_upstream error timeout;$/m);
    expect(shipped).not.toMatch(/^\s*proxy_next_upstream[^;]*non_idempotent/m);
    expect(shipped).toMatch(/^\s*proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;$/m);
    // No pool to the processes (decision 040: a pooled connection closed by a stopping process failed reads).
    expect(shipped).not.toMatch(/^\s*keepalive \d+;/m);
  });

  it("answers its own 502 and 504 (no process answered) with the site's 503 page, and the API's with its JSON", () => {
    expect(shipped).toMatch(/^ {4}error_page 502 504 =503 \/unavailable\.html;$/m);
    expect(shipped).toMatch(/location \/api\/ \{[^}]*error_page 502 504 =503 \/unavailable\.json;/);
    // The app's own 502-504 (maintenance, a remote source down) are pages for the reader: not replaced.
    expect(shipped).not.toMatch(/proxy_intercept_errors on/);
    expect(shipped.match(new RegExp(`root ${SHIPPED_STATIC_ROOT};`, "g"))).toHaveLength(2);
    // A test's nginx reads them from its own copy.
    const copy = siteConfig(8080, [8081], shipped, "/tmp/pages");
    expect(copy.match(/root \/tmp\/pages;/g)).toHaveLength(2);
    expect(copy).not.toContain(`root ${SHIPPED_STATIC_ROOT};`);
  });

  it("its own pages say what the app's 503 page and API say (one copy each, checked here)", () => {
    const [html, json] = STATIC_PAGES.map((file) => readFileSync(file, "utf8")) as [string, string];
    const page = STATUS_PAGES[503];
    expect(html).toContain(`<title>503 - ${page.title} | Horror Stories</title>`);
    expect(html).toContain(`<h1>${page.title}</h1>`);
    expect(html).toContain(`<p>${page.message}</p>`);
    expect(html).not.toMatch(/<script|src=|href="http/);
    expect(JSON.parse(json)).toEqual({ message: page.description, code: "SERVER_ERROR" });
  });

  it("takes the ports of the cluster command: its listen address and one server line per process", () => {
    const site = siteConfig(8080, [8081, 8082, 8083], shipped);
    expect(site.match(/^\s*server 127\.0\.0\.1:\d+ .*;$/gm)).toEqual([
      "    server 127.0.0.1:8081 max_fails=1 fail_timeout=2s;",
      "    server 127.0.0.1:8082 max_fails=1 fail_timeout=2s;",
      "    server 127.0.0.1:8083 max_fails=1 fail_timeout=2s;",
    ]);
    expect(site).toMatch(/^\s*listen 127\.0\.0\.1:8080;$/m);
    expect(site).not.toMatch(/listen \[::\]/);
    if (existsSync(NGINX)) expect(nginxAccepts(site)).toMatchObject({ ok: true });
  });

  it("as deploy/compose.yaml rewrites it: one server line for the app service, no IPv6 listen", () => {
    const compose = readFileSync(path.join(root, "deploy/compose.yaml"), "utf8");
    // The nginx service's folded command, as Compose hands it to sh ($$ is Compose's escaped $).
    const command = /^ {6}- >-\n((?: {8}.*\n)+)/m
      .exec(compose)?.[1]
      ?.split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .join(" ")
      .replaceAll("$$", "$");
    expect(command).toContain("/etc/nginx/conf.d/default.conf");
    const script = (command ?? "")
      .replace("/horror-stories.conf", SHIPPED_CONFIG)
      .replace(/ > \/etc\/nginx\/conf\.d\/default\.conf && exec nginx.*$/, "");
    const site = execFileSync("sh", ["-c", script], { encoding: "utf8" });
    expect(site.match(/^\s*server \S+:\d+ .*;$/gm)).toEqual(["    server app:3000 max_fails=1 fail_timeout=2s;"]);
    expect(site).not.toMatch(/listen \[::\]/);
    // The service name resolves only inside Compose's network: checked here as a loopback address.
    const local = site.replace("server app:3000", "server 127.0.0.1:3000").replace("listen 80;", "listen 127.0.0.1:1;");
    if (existsSync(NGINX)) expect(nginxAccepts(local)).toMatchObject({ ok: true });
  });
});
