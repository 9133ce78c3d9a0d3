import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { queryE2eDb } from "../support/db";

test("POST /api/errors stores an error record and answers 400 to a malformed one", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Test-Client": randomUUID() } });
  const { csrfToken } = await (await request.get("/api/csrf-token")).json();
  const headers = { "X-CSRF-Token": csrfToken };
  const id = `err_${Date.now()}_${randomUUID().slice(0, 6)}`;
  const stored = await request.post("/api/errors", {
    headers,
    data: {
      id,
      timestamp: new Date().toISOString(),
      message: "Boom",
      stack: "Error: Boom",
      url: `${baseURL}/stories`,
      context: { a: 1 },
    },
  });
  expect(stored.status()).toBe(201);
  expect(await queryE2eDb('SELECT message FROM "ErrorLog" WHERE id = ?', [id])).toEqual([{ message: "Boom" }]);

  const rejection = await request.post("/api/errors", {
    headers,
    data: { id: `${id}_2`, message: "Unhandled rejection" },
  });
  expect(rejection.status()).toBe(201);

  for (const bad of [{ message: "no id" }, { id: "nope", message: "x" }, { id, message: "x".repeat(3000) }]) {
    const response = await request.post("/api/errors", { headers, data: bad });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBeTruthy();
  }
  const notJson = await request.post("/api/errors", {
    headers: { ...headers, "Content-Type": "application/json" },
    data: "{",
  });
  expect(notJson.status()).toBe(400);
  await request.dispose();
});
