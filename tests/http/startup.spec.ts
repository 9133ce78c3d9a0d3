import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { productionServer } from "../../scripts/start-command";
import { startSite } from "../support/site-server";

const root = path.resolve(import.meta.dirname, "../..");

test("a bad environment value stops the server with a message naming the variable", () => {
  const server = productionServer({
    ...process.env,
    NODE_ENV: "production",
    PORT: "65000",
    SITE_URL: "not-a-url",
    SESSION_SECRET: "",
  });
  const result = spawnSync(process.execPath, server.args, {
    cwd: root,
    env: server.env,
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Invalid environment configuration");
  expect(result.stderr).toMatch(/SITE_URL: /);
  expect(result.stderr).toMatch(/SESSION_SECRET: is required in production/);
  // A message for the operator, not a stack trace.
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test("on plain http at another host the cookies go without Secure, which a browser would drop, and the start says so", async () => {
  const intranet = await startSite({ env: { SITE_URL: "http://192.0.2.10:8080" } });
  const local = await startSite();
  try {
    const cookies = async (url: string) => (await fetch(`${url}/api/csrf-token`)).headers.getSetCookie();
    const [intranetCookie] = await cookies(intranet.url);
    expect(intranetCookie).toMatch(/^hs_csrf=/);
    expect(intranetCookie).not.toMatch(/;\s*Secure/i);
    expect(intranet.stdout() + intranet.stderr()).toContain(
      "Warning: SITE_URL (http://192.0.2.10:8080) is plain http on a host other than localhost",
    );
    // http://localhost is a secure context to browsers: there (and on https) every cookie keeps Secure.
    const [localCookie] = await cookies(local.url);
    expect(localCookie).toMatch(/;\s*Secure/i);
    expect(local.stdout() + local.stderr()).not.toContain("Warning:");
    // The start line names the readers' address and where the process listens.
    expect(local.stdout()).toContain(`Horror Stories on ${local.url} (listening on 127.0.0.1, port `);
  } finally {
    await Promise.all([intranet.dispose(), local.dispose()]);
  }
});
