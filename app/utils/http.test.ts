import { describe, expect, it } from "vitest";
import { readJsonBody } from "./api-errors";
import { MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES, maxBodyBytes, readFormData } from "./http";

const post = (body: BodyInit, type: string | null) =>
  new Request("http://site.test/feedback", {
    method: "POST",
    body,
    headers: type ? { "Content-Type": type } : {},
    duplex: "half",
  } as RequestInit);
const form = (body: BodyInit) => post(body, "application/x-www-form-urlencoded");
const json = (body: BodyInit) => post(body, "application/json");

/** The status and message of what a reader threw (react-router's data() or a Response). */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, message: (await error.json()).message as string };
    const thrown = error as { init?: { status?: number }; data?: { message?: string } };
    return { status: thrown.init?.status, message: thrown.data?.message };
  }
  throw new Error("The body was accepted");
}

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p)))));

describe("readFormData", () => {
  it("reads a form, + and escapes included", async () => {
    const read = await readFormData(form("content=h%C3%A9llo+there&page=%2Fstories&empty="));
    expect(Object.fromEntries(read)).toEqual({ content: "héllo there", page: "/stories", empty: "" });
  });
  it("keeps tabs and line breaks, read as the browser counted them (one character each)", async () => {
    const read = await readFormData(form(`content=${encodeURIComponent("a\tb\r\nc\rd")}`));
    expect(read.get("content")).toBe("a\tb\nc\nd");
  });
  it.each([
    ["raw bytes that are not UTF-8", bytes("content=ok", [0xff, 0xfe])],
    ["escapes that are not UTF-8", "content=%FF%FE"],
    ["an encoded surrogate", "content=%ED%A0%80"],
    ["a malformed escape", "content=ok&junk=%E0%A4%A"],
  ])("refuses %s with 400", async (_, body) => {
    expect(await refusal(readFormData(form(body)))).toEqual({
      status: 400,
      message: "The form is not valid UTF-8 text.",
    });
  });
  it("refuses a multipart text form that is not UTF-8", async () => {
    const body = bytes('--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nok', [0xff], "\r\n--x--\r\n");
    expect(await refusal(readFormData(post(body, "multipart/form-data; boundary=x")))).toMatchObject({ status: 400 });
  });
  it.each(["\u0000", "\u0007", "\u001b[2J", "\u007f", "\u0085"])("refuses the control character %j", async (ch) => {
    expect(await refusal(readFormData(form(`content=${encodeURIComponent(`text${ch}`)}`)))).toEqual({
      status: 400,
      message: "The form contains control characters, which no field takes.",
    });
  });
  it("refuses a field sent twice unless it may repeat", async () => {
    expect(await refusal(readFormData(form("theme=dark&theme=light")))).toEqual({
      status: 400,
      message: 'The field "theme" was sent more than once.',
    });
    const read = await readFormData(form("note=a&note=b"), { repeatable: ["note"] });
    expect(read.getAll("note")).toEqual(["a", "b"]);
  });
  it("takes a story's tags and warnings as lists wherever they are sent (the CSRF check reads every form)", async () => {
    const read = await readFormData(form("tag=dread&tag=fog&warnings=gore&warnings=violence"));
    expect(read.getAll("tag")).toEqual(["dread", "fog"]);
    expect(read.getAll("warnings")).toEqual(["gore", "violence"]);
  });
  it("refuses another content type with 415 and a body past the limit with 413, chunked too", async () => {
    expect(await refusal(readFormData(post("{}", "application/json")))).toMatchObject({ status: 415 });
    const big = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(new Uint8Array(MAX_BODY_BYTES / 2).fill(97));
        controller.close();
      },
    });
    expect(await refusal(readFormData(form(big)))).toEqual({ status: 413, message: "The request is too large." });
  });
  it("takes a phone's photo on the avatar forms' pages only, to their own limit", async () => {
    expect(maxBodyBytes("/settings/profile")).toBe(MAX_UPLOAD_BODY_BYTES);
    expect(maxBodyBytes("http://site.test/profile.data?x=1")).toBe(MAX_UPLOAD_BODY_BYTES);
    expect(maxBodyBytes("/profile/other")).toBe(MAX_BODY_BYTES);
    expect(maxBodyBytes("/feedback")).toBe(MAX_BODY_BYTES);
    const upload = (size: number) => {
      const body = new FormData();
      body.set("intent", "upload");
      body.set("avatar", new File([new Uint8Array(size)], "photo.jpg", { type: "image/jpeg" }));
      return new Request("http://site.test/settings/profile", { method: "POST", body });
    };
    const read = await readFormData(upload(6_000_000));
    expect((read.get("avatar") as File).size).toBe(6_000_000);
    expect(await refusal(readFormData(upload(MAX_UPLOAD_BODY_BYTES + 1)))).toMatchObject({ status: 413 });
  });
});

describe("readJsonBody", () => {
  it("reads JSON", async () => {
    expect(await readJsonBody(json('{"content":"héllo\\nthere","n":[1,{"a":true}]}'))).toEqual({
      content: "héllo\nthere",
      n: [1, { a: true }],
    });
  });
  it("refuses bytes that are not UTF-8", async () => {
    expect(await refusal(readJsonBody(json(bytes('{"content":"ok', [0xff], '"}'))))).toEqual({
      status: 400,
      message: "The request body is not valid UTF-8.",
    });
  });
  it("refuses control characters in values and keys", async () => {
    for (const body of ['{"content":"ok\\u0000"}', '{"a":{"b\\u001b":1}}', '["\\u007f"]']) {
      expect(await refusal(readJsonBody(json(body)))).toMatchObject({
        status: 400,
        message: expect.stringContaining("control"),
      });
    }
  });
  it("refuses deep nesting before anything walks it", async () => {
    const deep = `{"context":{"deep":${"[".repeat(100_000)}${"]".repeat(100_000)}}}`;
    expect(await refusal(readJsonBody(json(deep)))).toMatchObject({
      status: 400,
      message: expect.stringContaining("nested"),
    });
    expect(await readJsonBody(json(`{"a":${"[".repeat(20)}${"]".repeat(20)}}`))).toBeTruthy();
  });
  it("refuses malformed JSON, another type and a body past the limit", async () => {
    expect(await refusal(readJsonBody(json("{oops")))).toMatchObject({ status: 400 });
    expect(await refusal(readJsonBody(post("{}", "text/plain")))).toMatchObject({ status: 415 });
    expect(await refusal(readJsonBody(json(`"${"a".repeat(MAX_BODY_BYTES)}"`)))).toMatchObject({ status: 413 });
  });
});
