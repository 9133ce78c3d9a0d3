// `npm run dev` runs the same HTTP layer as production (server/app.ts), only
// loaded through Vite: the same security headers, CSP, ETags and refusals.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { seed } from "../../prisma/seed.ts";
import { deploy } from "../../scripts/migrate.ts";
import { freePort } from "../support/ports";

const root = path.resolve(import.meta.dirname, "../..");

test("the development server answers through the same HTTP layer as production", async () => {
  test.setTimeout(90_000);
  const dir = await mkdtemp(path.join(tmpdir(), "hs-dev-"));
  const databaseUrl = `file:${path.join(dir, "dev.db")}`;
  await deploy(databaseUrl);
  await seed(databaseUrl);
  const port = await freePort();
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, [path.join(root, "server/index.ts"), "--dev"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        CONTENT_SYNC: "off",
        WP_URL: "",
      },
      stdio: "ignore",
    });
    const url = `http://localhost:${port}`;
    await expect
      .poll(
        () =>
          fetch(`${url}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
    const page = await fetch(`${url}/story/the-doll-hospital`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("The Doll Hospital");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    const scripts = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval/);
    // Every inline script of the page is the app's own (Vite's client comes by src): all of them are allowed.
    for (const [, body = ""] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(scripts).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    }
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get("etag")).toMatch(/^W\/"/);
    // The request guard and the body limit are there too.
    expect((await fetch(`${url}/`, { method: "TRACE" }).catch(() => undefined))?.status ?? 405).toBe(405);
    const big = await fetch(`${url}/api/feedback`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(3 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    // So is the API's method check, which reads the route modules of the build Vite serves (OPTIONS is
    // Vite's own in development: its CORS middleware answers it first).
    const tokenReply = await fetch(`${url}/api/csrf-token`);
    const cookie = tokenReply.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { csrfToken } = (await tokenReply.json()) as { csrfToken: string };
    const wrong = await fetch(`${url}/api/posts`, { method: "DELETE", headers: { cookie, "X-CSRF-Token": csrfToken } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD");
  } finally {
    server?.kill("SIGTERM");
    await rm(dir, { recursive: true, force: true });
  }
});
