// A form sent again gets its first answer (Vitest runs this on SQLite and on PostgreSQL).
import { beforeEach, expect, it } from "vitest";
import { prisma } from "~/db.server";
import {
  answerFormOnce,
  FORM_MESSAGES,
  KEEP_MS,
  newFormKey,
  pruneFormReceipts,
  splitFormToken,
  withFormKey,
} from "./form-receipts.server";

const FIELD = "csrf";
const TOKEN = "browser-token.signature";

beforeEach(async () => {
  await prisma.formReceipt.deleteMany();
});

function post(path: string, fields: Record<string, string>, formKey: string | null, token = TOKEN) {
  const form = new FormData();
  form.set(FIELD, formKey ? withFormKey(token, formKey) : token);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { request: new Request(`http://localhost${path}`, { method: "POST" }), form };
}

/** An action that counts what it did and answers like a form's redirect with a flash cookie. */
function action(status = 303) {
  const calls = { count: 0 };
  const next = async () => {
    calls.count += 1;
    const headers = new Headers({ Location: `/done/${calls.count}` });
    headers.append("Set-Cookie", "hs_toast=posted; Path=/");
    headers.append("Set-Cookie", "hs_other=1; Path=/");
    return new Response(status === 303 ? null : `answer ${calls.count}`, { status, headers });
  };
  return { calls, next };
}

it("splits the CSRF field into the browser's token and the render's key", () => {
  const key = newFormKey();
  expect(key).toMatch(/^[\w-]{16}$/);
  expect(newFormKey()).not.toBe(key);
  expect(splitFormToken(withFormKey(TOKEN, key))).toEqual({ token: TOKEN, formKey: key });
  expect(splitFormToken(TOKEN)).toEqual({ token: TOKEN, formKey: null });
  expect(splitFormToken(`${TOKEN}~`)).toEqual({ token: TOKEN, formKey: null });
});

it("acts once on a form sent twice, and answers the second time as the first, cookies and all", async () => {
  const { calls, next } = action();
  const key = newFormKey();
  const first = post("/community/posts/7", { body: "I heard them too" }, key);
  const answer = await answerFormOnce(first.request, first.form, FIELD, next);
  expect(answer.status).toBe(303);
  const again = post("/community/posts/7", { body: "I heard them too" }, key);
  const replayed = await answerFormOnce(again.request, again.form, FIELD, next);
  expect(calls.count).toBe(1);
  expect(replayed.status).toBe(303);
  expect(replayed.headers.get("Location")).toBe("/done/1");
  expect(replayed.headers.getSetCookie()).toEqual(["hs_toast=posted; Path=/", "hs_other=1; Path=/"]);
});

it("keeps a body: the running app's answer comes back byte for byte", async () => {
  const { calls, next } = action(202);
  const key = newFormKey();
  const first = post("/contact.data", { message: "Letters" }, key);
  expect(await (await answerFormOnce(first.request, first.form, FIELD, next)).text()).toBe("answer 1");
  const again = post("/contact.data", { message: "Letters" }, key);
  expect(await (await answerFormOnce(again.request, again.form, FIELD, next)).text()).toBe("answer 1");
  expect(calls.count).toBe(1);
});

it("acts again on another form: other words, another page's key, another browser, another address", async () => {
  const { calls, next } = action();
  const key = newFormKey();
  const send = (path: string, body: string, formKey: string, token?: string) => {
    const { request, form } = post(path, { body }, formKey, token);
    return answerFormOnce(request, form, FIELD, next);
  };
  await send("/community/posts/7", "I heard them too", key);
  await send("/community/posts/7", "I heard them twice", key);
  await send("/community/posts/7", "I heard them too", newFormKey());
  await send("/community/posts/7", "I heard them too", key, "another-browser.signature");
  await send("/community/posts/8", "I heard them too", key);
  expect(calls.count).toBe(5);
});

it("a form without a render's key (the JSON API, a page from before) is acted on every time", async () => {
  const { calls, next } = action();
  for (let i = 0; i < 2; i++) {
    const { request, form } = post("/bookmarks", { intent: "shelve" }, null);
    await answerFormOnce(request, form, FIELD, next);
  }
  expect(calls.count).toBe(2);
  expect(await prisma.formReceipt.count()).toBe(0);
});

it("a refused form (its errors, a 503, a throw) can be sent again and is acted on", async () => {
  const key = newFormKey();
  let count = 0;
  const answers = [
    () => new Response("Write something first.", { status: 400 }),
    () => new Response("Come back later", { status: 503 }),
    () => {
      throw new Error("The action failed");
    },
    () => new Response(null, { status: 303, headers: { Location: "/done" } }),
  ];
  for (const answer of answers) {
    const { request, form } = post("/community/posts/7", { body: "Hello" }, key);
    const next = async () => {
      count += 1;
      return answer();
    };
    await answerFormOnce(request, form, FIELD, next).catch(() => null);
  }
  expect(count).toBe(4);
  expect(await prisma.formReceipt.count()).toBe(1);
});

it("a file a form asks for (Download my data) is made again each time, and never kept", async () => {
  const key = newFormKey();
  let count = 0;
  const next = async () => {
    count += 1;
    return new Response(`{"export":${count}}`, {
      headers: { "Content-Disposition": 'attachment; filename="data.json"', "Content-Type": "application/json" },
    });
  };
  for (const expected of ['{"export":1}', '{"export":2}']) {
    const { request, form } = post("/settings/privacy/export", { intent: "export" }, key);
    expect(await (await answerFormOnce(request, form, FIELD, next)).text()).toBe(expected);
  }
  expect(await prisma.formReceipt.count()).toBe(0);
});

it("a second request while the first is still being answered waits for that answer (a double press)", async () => {
  const key = newFormKey();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let count = 0;
  const next = async () => {
    count += 1;
    await held;
    return new Response(null, { status: 303, headers: { Location: "/done" } });
  };
  const one = post("/contact", { message: "Letters" }, key);
  const two = post("/contact", { message: "Letters" }, key);
  const first = answerFormOnce(one.request, one.form, FIELD, next);
  // The first has its receipt before the second asks.
  await expect.poll(() => prisma.formReceipt.count()).toBe(1);
  const second = answerFormOnce(two.request, two.form, FIELD, next);
  release();
  const answers = await Promise.all([first, second]);
  expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
  expect(count).toBe(1);
});

it("a receipt a dead process left half-made is taken over; a document's receipt is not answered to the running app", async () => {
  const { calls, next } = action();
  const key = newFormKey();
  const { request, form } = post("/contact", { message: "Letters" }, key);
  await answerFormOnce(request, form, FIELD, next);
  // The same form's receipt, left unanswered three minutes ago by a process that died.
  await prisma.formReceipt.updateMany({ data: { status: 0, createdAt: new Date(Date.now() - 3 * 60_000) } });
  const again = post("/contact", { message: "Letters" }, key);
  expect((await answerFormOnce(again.request, again.form, FIELD, next)).status).toBe(303);
  expect(calls.count).toBe(2);

  const data = post("/contact.data", { message: "Letters" }, key);
  const refused = await answerFormOnce(data.request, data.form, FIELD, next).catch((error: unknown) => error);
  expect(refused).toMatchObject({ init: { status: 409 }, data: { message: FORM_MESSAGES.sentElsewhere } });
  expect(calls.count).toBe(2);
});

it("clears receipts older than a day", async () => {
  await prisma.formReceipt.create({
    data: { key: "old", path: "/contact", status: 303, createdAt: new Date(Date.now() - KEEP_MS - 60_000) },
  });
  await prisma.formReceipt.create({ data: { key: "recent", path: "/contact", status: 303 } });
  expect(await pruneFormReceipts()).toBe(1);
  expect((await prisma.formReceipt.findMany({ select: { key: true } })).map((r) => r.key)).toEqual(["recent"]);
});
