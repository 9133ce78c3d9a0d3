import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

// Bad input gets a clear 4xx, never a 5xx: cases against the suite's shared
// site. The table over every action and endpoint is tests/reliability/hostile.spec.ts.
const GETS: [path: string, status: number][] = [
  ["/stories?page=99999999999999999999", 400],
  ["/stories?page=-1", 400],
  ["/stories?category=%00", 400],
  ["/stories?tag=A%20B", 400],
  ["/story/..%2F..%2Fetc%2Fpasswd", 404],
  ["/story/%C0%AE%C0%AE", 404],
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
