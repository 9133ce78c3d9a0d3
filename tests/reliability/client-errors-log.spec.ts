// What an anonymous client can make the server write to its log (docs/decisions/029, 2026-12-01).
// A refused request is the client's doing: a wrong method (the API's 405, a page's without an
// action), a path no route has, a form posted with another site's Origin. Each of these wrote a
// React Router stack trace of about 17 lines, as often as anyone cared to send them; now none
// writes a stack, nor a row of the admins' error log. A real failure of the server still writes
// both. A site of its own, so that what its log holds is this test's alone.
import { test as base } from "@playwright/test";
import { httpClient } from "../support/http-client.ts";
import { type Site, startSite } from "../support/site-server.ts";
import { expect } from "./fixtures.ts";

const test = base.extend<{ site: Site }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  site: async ({}, use) => {
    const site = await startSite();
    await use(site);
    await site.dispose();
  },
});

const STACK_LINE = /^\s+at /m;
const log = (site: Site) => `${site.stdout()}\n${site.stderr()}`;
const errorRows = async (site: Site, where = "") =>
  Number((await site.query<{ n: number }>(`SELECT COUNT(*) AS n FROM "ErrorLog" ${where}`))[0]?.n);

test("refused requests write no stack trace and no error record; a real failure still does", async ({ site }) => {
  const client = httpClient(site.url);
  const token = await client.csrfToken();
  const headers = { "X-CSRF-Token": token };
  const evil = { Origin: "https://evil.example" };
  const form = (fields: [string, string][]) => ({ form: fields });
  const refusals: [string, string, Parameters<typeof client.request>[2], number][] = [
    ["POST", "/api/posts", { headers, body: { json: {} } }, 405],
    ["DELETE", "/api/auth/status", { headers }, 405],
    ["POST", "/api/csrf-token", { headers, body: { json: {} } }, 405],
    ["PUT", "/api/auth/login", { headers, body: { json: {} } }, 405],
    ["POST", "/api/no-such-route", { headers, body: { json: {} } }, 404],
    // A page without an action, its token sent: React Router's own 405.
    ["POST", "/about", { body: form([["csrf", token]]) }, 405],
    ["POST", "/about.data", { body: form([["csrf", token]]) }, 405],
    // A form post naming another site: React Router refuses it before anything runs.
    ["POST", "/auth", { headers: evil, body: form([["csrf", token]]) }, 400],
    ["POST", "/auth.data", { headers: evil, body: form([["csrf", token]]) }, 400],
    ["POST", "/feedback", { headers: { Origin: "null" }, body: form([["content", "x"]]) }, 400],
  ];
  const rowsBefore = await errorRows(site);
  for (const [method, path, init, status] of refusals) {
    const reply = await client.request(method, path, init);
    expect(reply.status, `${method} ${path}: ${reply.text.slice(0, 120)}`).toBe(status);
  }
  expect(await errorRows(site), "no error record for a refusal").toBe(rowsBefore);

  // A real failure: the table the feedback goes to is gone. Its stack reaches the log as before
  // (once it is there, the refusals' output, written before it, is there too).
  await site.query('DROP TABLE "Feedback"');
  const failed = await client.post("/api/feedback", {
    headers,
    body: { json: { type: "general", content: "A real failure of the server", category: "general" } },
  });
  expect(failed.status).toBe(500);
  await expect.poll(() => STACK_LINE.test(log(site)), { timeout: 10_000 }).toBe(true);
  const output = log(site);
  expect(output, "only the real failure's stack").not.toMatch(/ErrorResponse|Aborting the action|provide an `action`/);
  expect(output).toMatch(/Feedback/);
  // Stored after the answer (recordServerError never holds it up), as a refusal's would have been.
  await expect
    .poll(() => errorRows(site), { message: "the real failure is recorded", timeout: 10_000 })
    .toBe(rowsBefore + 1);
  expect(await errorRows(site, `WHERE url <> '/api/feedback'`), "no record but the failure's").toBe(rowsBefore);
});
