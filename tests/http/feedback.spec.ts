import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

test("POST /api/feedback stores valid feedback and refuses short or malformed bodies", async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      "X-Test-Client": randomUUID(),
      "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    },
  });
  const { csrfToken } = await (await request.get("/api/csrf-token")).json();
  const headers = { "X-CSRF-Token": csrfToken };
  const ok = await request.post("/api/feedback", {
    headers,
    data: {
      type: "bug",
      content: "The sidebar hides the story",
      page: "/stories",
      category: "ui",
      screenResolution: "412 x 823",
    },
  });
  expect(ok.status()).toBe(201);
  expect((await ok.json()).id).toBeTruthy();

  const short = await request.post("/api/feedback", { headers, data: { content: "meh" } });
  expect(short.status()).toBe(400);
  expect(await short.json()).toMatchObject({
    message: "Please provide more details about your feedback",
    code: "VALIDATION_ERROR",
  });
  const badType = await request.post("/api/feedback", { headers, data: { type: "rant", content: "long enough text" } });
  expect(badType.status()).toBe(400);
  const notJson = await request.post("/api/feedback", {
    headers: { ...headers, "Content-Type": "application/json" },
    data: "{oops",
  });
  expect(notJson.status()).toBe(400);
  expect((await request.post("/api/feedback", { data: { content: "no token here" } })).status()).toBe(403);
  await request.dispose();
});

test("POST /api/user-feedback takes an error report and answers with the toast texts", async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Test-Client": randomUUID() } });
  const { csrfToken } = await (await request.get("/api/csrf-token")).json();
  const headers = { "X-CSRF-Token": csrfToken };
  const report = await request.post("/api/user-feedback", {
    headers,
    data: {
      type: "bug",
      content: "Error Report - ID: err_1732270000000_abc",
      metadata: { errorId: "err_1732270000000_abc", userAgent: "x", url: `${baseURL}/stories` },
    },
  });
  expect(report.status()).toBe(201);
  expect((await report.json()).toast).toEqual({ title: "Report sent", description: "Thank you for your feedback." });
  const bad = await request.post("/api/user-feedback", { headers, data: { type: "bug", content: "hello" } });
  expect(bad.status()).toBe(400);
  await request.dispose();
});
