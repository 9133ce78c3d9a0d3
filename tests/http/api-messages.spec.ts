import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

// The JSON API's refusals name the field they are about, as "field: message" (audit b, defect 6):
// a scripted client can tell which field is meant, and no message repeats its field's name or
// shows a pattern. The spec's own texts stay word for word (feedback's "Please provide more
// details about your feedback", tests/http/feedback.spec.ts).
test("registration, the reading position and feedback say which field is refused, and how", async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Test-Client": randomUUID() } });
  const { csrfToken } = await (await request.get("/api/csrf-token")).json();
  const headers = { "X-CSRF-Token": csrfToken };
  const id = randomUUID().slice(0, 8);
  const account = { email: `fields-${id}@horror.test`, username: `fields_${id}`, password: "long-enough-password" };
  const refusal = async (path: string, data: unknown) => {
    const reply = await request.post(path, { data, headers });
    expect(reply.status(), `${path} ${JSON.stringify(data).slice(0, 80)}`).toBe(400);
    const body = await reply.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    return body.message as string;
  };

  expect(await refusal("/api/auth/register", { ...account, username: "r1" })).toBe("username: Use 3 to 30 characters.");
  expect(await refusal("/api/auth/register", { ...account, password: "short" })).toBe(
    "password: Use at least 8 characters.",
  );
  expect(await refusal("/api/auth/register", { ...account, email: "not-an-address" })).toBe(
    "email: Enter a valid email address.",
  );

  // Feedback from another client: "1280x800" is the spec's "width x height" too.
  const feedback = { type: "general", content: "The stories load quickly", category: "general" };
  const sent = await request.post("/api/feedback", { data: { ...feedback, screenResolution: "1280x800" }, headers });
  expect(sent.status()).toBe(201);
  expect(await refusal("/api/feedback", { ...feedback, screenResolution: "big" })).toBe(
    "screenResolution: Use width x height in pixels, e.g. 1280 x 800.",
  );
  expect(await refusal("/api/feedback", { ...feedback, content: "meh" })).toBe(
    "Please provide more details about your feedback",
  );

  // A reader's place: the range is what 3000000000 or -1 misses, not the type.
  expect((await request.post("/api/auth/register", { data: account, headers })).status()).toBe(201);
  for (const paragraph of [3_000_000_000, -1, 2.5, "12"]) {
    expect(await refusal("/api/reading-position", { slug: "the-widows-clock", paragraph })).toBe(
      "paragraph: Use a whole number from 0 to 100000.",
    );
  }
  const saved = await request.post("/api/reading-position", {
    data: { slug: "the-widows-clock", paragraph: 1 },
    headers,
  });
  expect(saved.status()).toBe(200);
  await request.dispose();
});
