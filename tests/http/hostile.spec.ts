import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

// Bad input gets a clear 4xx, never a 5xx: cases against the suite's shared
// site. The table over every action and endpoint is tests/reliability/hostile.spec.ts.
const GETS: [path: string, status: number][] = [
  // A malformed page number is page 1 (docs/decisions/061), not an error.
  ["/stories?page=99999999999999999999", 200],
  ["/stories?page=-1", 200],
  ["/stories?category=%00", 400],
  ["/stories?tag=A%20B", 400],
  ["/story/..%2F..%2Fetc%2Fpasswd", 404],
  // Not UTF-8 once decoded: the request guard refuses the path itself (server/request-guard.ts).
  ["/story/%C0%AE%C0%AE", 400],
  [`/reader/${"a".repeat(300)}`, 404],
  ["/api/posts/%00", 404],
  ["/api/posts?limit=100000", 400],
  ["/errors/abc", 404],
];

for (const [path, status] of GETS) {
  test(`GET ${path.slice(0, 60)} answers ${status}`, async ({ request }) => {
    expect((await request.get(path)).status()).toBe(status);
  });
}

test("odd search input is answered, not crashed on", async ({ request }) => {
  for (const q of ["%FF%FE", encodeURIComponent("x".repeat(5000)), "%3Cscript%3E"]) {
    const response = await request.get(`/search?q=${q}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).not.toContain("<script>alert");
  }
});

test("a body that is not the expected form is a 4xx with a message", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Test-Client": randomUUID(), Origin: baseURL as string },
  });
  const cases: [path: string, contentType: string, body: string, status: number][] = [
    ["/theme", "application/json", "{}", 415],
    ["/theme", "multipart/form-data; boundary=x", "not multipart", 400],
    ["/theme", "application/x-www-form-urlencoded", "theme=purple", 400],
    ["/auth", "multipart/form-data; boundary=x", "not multipart", 400],
    ["/auth", "application/json", '{"email":"a"}', 403],
    ["/api/auth/login", "application/x-www-form-urlencoded", "email=a", 403],
  ];
  for (const [path, contentType, body, status] of cases) {
    const response = await request.post(path, {
      headers: { "Content-Type": contentType },
      data: body,
      maxRedirects: 0,
    });
    expect(response.status(), `${path} ${contentType}`).toBe(status);
  }
  const huge = await request.post("/auth", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: `email=${"a".repeat(3 * 1024 * 1024)}`,
  });
  expect(huge.status()).toBe(413);
  await request.dispose();
});

// Audit b: a form sent to a JSON-only route of the API with a valid X-CSRF-Token was refused 403,
// "Your form expired…", where text/plain got a clear 415; a gzip body was "not valid JSON". The
// token still comes first: without it each of these is a 403, as a form from another site is.
test("a JSON-only API route answers a body that is not JSON 415 once its token passed, 403 without", async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Test-Client": randomUUID() } });
  const { csrfToken } = await (await request.get("/api/csrf-token")).json();
  const id = randomUUID().slice(0, 8);
  const account = { email: `form-${id}@horror.test`, username: `form_${id}`, password: "long-enough-password" };
  const created = await request.post("/api/auth/register", { data: account, headers: { "X-CSRF-Token": csrfToken } });
  expect(created.status()).toBe(201);
  expect((await request.post("/api/auth/logout", { headers: { "X-CSRF-Token": csrfToken } })).status()).toBe(200);

  const signIn = `email=${encodeURIComponent(account.email)}&password=${account.password}`;
  const cases: [path: string, headers: Record<string, string>, body: string, message: string][] = [
    ["/api/auth/login", { "Content-Type": "application/x-www-form-urlencoded" }, signIn, "Send JSON"],
    ["/api/feedback", { "Content-Type": "application/x-www-form-urlencoded" }, "content=hello+there", "Send JSON"],
    [
      "/api/auth/register",
      { "Content-Type": "multipart/form-data; boundary=x" },
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--\r\n',
      "Send JSON",
    ],
    ["/api/errors", { "Content-Type": "text/plain" }, '{"id":"err_1_a","message":"m"}', "Send JSON"],
    [
      "/api/feedback",
      { "Content-Type": "application/json", "Content-Encoding": "gzip" },
      "\x1f\x8b not really gzip",
      "Send the body uncompressed",
    ],
  ];
  for (const [path, headers, data, message] of cases) {
    const what = `${path} ${JSON.stringify(headers)}`;
    const refused = await request.post(path, { headers, data });
    expect(refused.status(), what).toBe(403);
    expect(await refused.json(), what).toMatchObject({ code: "FORBIDDEN" });
    const unsupported = await request.post(path, { headers: { ...headers, "X-CSRF-Token": csrfToken }, data });
    expect(unsupported.status(), what).toBe(415);
    expect((await unsupported.json()).message, what).toContain(message);
  }
  // The form sign-in signed no one in.
  expect(await (await request.get("/api/auth/status")).json()).toMatchObject({ isAuthenticated: false });
  await request.dispose();
});
