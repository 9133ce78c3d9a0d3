import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type PlaywrightWorkerArgs, test } from "@playwright/test";

/** The hidden fields (CSRF token, honeypot) of a page's form, as a person's browser would send them. */
async function hiddenFields(request: APIRequestContext, path: string, formId: string) {
  const html = await (await request.get(path)).text();
  const fields: Record<string, string> = {};
  for (const input of html.match(/<input[^>]*>/g) ?? []) {
    const name = input.match(/name="([^"]*)"/)?.[1];
    const value = input.match(/value="([^"]*)"/)?.[1] ?? "";
    const type = input.match(/type="([^"]*)"/)?.[1];
    if (!name) continue;
    if (name === "csrf" || name.endsWith("__confirm")) fields[name] = value.replaceAll("&amp;", "&");
    if (type === "hidden" && name === "intent" && input.includes(`form="${formId}"`)) fields.intent = value;
  }
  return fields;
}

async function newClient(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Test-Client": randomUUID() } });
}

test("a registration whose honeypot is filled in is refused and creates nothing", async ({ playwright, baseURL }) => {
  const request = await newClient(playwright, baseURL);
  const hidden = await hiddenFields(request, "/auth?mode=register", "register");
  const id = randomUUID().slice(0, 8);
  const form = {
    ...hidden,
    intent: "register",
    email: `bot-${id}@horror.test`,
    username: `bot_${id}`,
    password: "long-enough-password",
  };
  const trapped = await request.post("/auth", { form: { ...form, name__confirm: "I am a bot" }, maxRedirects: 0 });
  expect(trapped.status()).toBe(400);
  expect(await trapped.text()).toContain("This form could not be sent.");
  // Nothing was created: the same details register fine without the bait.
  const fine = await request.post("/auth", { form, maxRedirects: 0 });
  expect(fine.status()).toBe(302);
  expect(fine.headers().location).toContain("/auth-success");
  await request.dispose();
});

test("registration is rate-limited per client address: refused forms do not count; the sixth account gets 429 on the form", async ({
  playwright,
  baseURL,
}) => {
  // One client address; each attempt from a browser of its own (an account made signs its browser
  // in) and from the page opened again (the same form sent twice is answered once, decision 051).
  const address = randomUUID();
  const register = async (email: string, username: string, password = "long-enough-password") => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Test-Client": address } });
    const response = await request.post("/auth", {
      form: {
        ...(await hiddenFields(request, "/auth?mode=register", "register")),
        intent: "register",
        email,
        username,
        password,
      },
      maxRedirects: 0,
    });
    return { status: response.status(), headers: response.headers(), text: await response.text(), done: request };
  };
  // A reader's typos use up nothing (docs/decisions/056).
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const typo = await register("not-an-email", "x", "short");
    statuses.push(typo.status);
    await typo.done.dispose();
  }
  expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
  for (let i = 0; i < 5; i++) {
    const id = randomUUID().slice(0, 8);
    const made = await register(`limit-${id}@horror.test`, `limit_${id}`);
    expect(made.status).toBe(302);
    await made.done.dispose();
  }
  const id = randomUUID().slice(0, 8);
  const limited = await register(`limit-${id}@horror.test`, `limit_${id}`);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  // The form again, with the wait and what was typed (never the password).
  expect(limited.text).toContain("Too many attempts. Try again in 1 hour.");
  expect(limited.text).toContain(`value="limit-${id}@horror.test"`);
  expect(limited.text).not.toContain('value="long-enough-password"');
  await limited.done.dispose();
});

test("password reset requests are rate-limited per client address: the sixth gets 429 on the form", async ({
  playwright,
  baseURL,
}) => {
  const request = await newClient(playwright, baseURL);
  // Each from the page opened again: the same form sent twice is answered once (docs/decisions/051).
  const attempt = async () =>
    request.post("/reset-password", {
      form: {
        ...(await hiddenFields(request, "/reset-password", "reset-request")),
        intent: "request",
        email: "someone@horror.test",
      },
      maxRedirects: 0,
    });
  for (let i = 0; i < 5; i++) expect((await attempt()).status()).toBe(302);
  const limited = await attempt();
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  // The form again, with the wait and the address typed, not the 429 page that lost it.
  const page = await limited.text();
  expect(page).toMatch(/Too many attempts\. Try again in \d+ (minutes?|hour)\./);
  expect(page).toContain('value="someone@horror.test"');
  await request.dispose();
});

test("the contact form: refused messages use up nothing; past its limit, 429 on the form with the message typed", async ({
  playwright,
  baseURL,
}) => {
  const request = await newClient(playwright, baseURL);
  const send = async (message: string) =>
    request.post("/contact", {
      form: {
        ...(await hiddenFields(request, "/contact", "contact")),
        name: "Mara Quill",
        email: "mara@horror.test",
        message,
      },
      maxRedirects: 0,
    });
  // Refused messages (too short) use up nothing: five of them, then the limit's five good ones.
  for (let i = 0; i < 5; i++) expect((await send("Hi")).status()).toBe(400);
  for (let i = 0; i < 5; i++) expect((await send(`A message about the lighthouse, number ${i}.`)).status()).toBe(302);
  const limited = await send("The sixth message, which I typed with care.");
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  const page = await limited.text();
  expect(page).toMatch(/Too many attempts\. Try again in \d+ (minutes?|hour)\./);
  expect(page).toContain("The sixth message, which I typed with care.");
  await request.dispose();
});

test("refused feedback gives its count back: the limit's number of refused posts (page and both APIs), then every good one up to the limit, and past it the 429 with its wait", async ({
  playwright,
  baseURL,
}) => {
  const request = await newClient(playwright, baseURL);
  const { csrfToken } = await (await request.get("/api/csrf-token")).json();
  const headers = { "X-CSRF-Token": csrfToken };
  // /feedback, the dialog's POST /api/feedback and /api/user-feedback share one limit: 10 an hour.
  const page = async (content: string) =>
    request.post("/feedback", {
      form: { ...(await hiddenFields(request, "/feedback", "feedback")), type: "general", content },
      maxRedirects: 0,
    });
  const api = (content: string) => request.post("/api/feedback", { headers, data: { type: "general", content } });
  const errorReport = (content: string) =>
    request.post("/api/user-feedback", { headers, data: { type: "bug", content } });
  for (let i = 0; i < 4; i++) expect((await page("shy")).status()).toBe(400);
  for (let i = 0; i < 3; i++) expect((await api("shy")).status()).toBe(400);
  for (let i = 0; i < 3; i++) expect((await errorReport("not an error report")).status()).toBe(400);
  for (let i = 0; i < 5; i++) expect((await page(`The lighthouse story, thought number ${i}.`)).status()).toBe(302);
  for (let i = 0; i < 4; i++) expect((await api(`The lighthouse story, remark number ${i}.`)).status()).toBe(201);
  expect((await errorReport("Error Report - ID: err_1764570000_limit")).status()).toBe(201);
  const limited = await api("One more thought, past the limit.");
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await limited.json()).message).toMatch(/Too many attempts\. Try again in \d+ (minutes?|hour)\./);
  const onTheForm = await page("One more thought on the page, past the limit.");
  expect(onTheForm.status()).toBe(429);
  expect(await onTheForm.text()).toContain("One more thought on the page, past the limit.");
  await request.dispose();
});

test("redirectTo never leaves the site", async ({ playwright, baseURL }) => {
  const request = await newClient(playwright, baseURL);
  const hidden = await hiddenFields(request, "/auth?mode=register", "register");
  const id = randomUUID().slice(0, 8);
  const response = await request.post("/auth", {
    form: {
      ...hidden,
      intent: "register",
      email: `r-${id}@horror.test`,
      username: `r_${id}`,
      password: "long-enough-password",
      redirectTo: "//evil.example/steal",
    },
    maxRedirects: 0,
  });
  expect(response.headers().location).toBe("/auth-success?redirectTo=%2F");
  const success = await request.get("/auth-success?redirectTo=https%3A%2F%2Fevil.example");
  expect(await success.text()).toContain('href="/"');
  await request.dispose();
});
