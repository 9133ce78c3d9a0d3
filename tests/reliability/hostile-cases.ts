// The hostile bodies hostile.spec.ts sends to each action: built from the action's row of
// the endpoint table (endpoints.ts) and the hidden fields of its form.
import { randomUUID } from "node:crypto";
import { LIST_FIELDS, maxBodyBytes } from "../../app/utils/http.ts";
import type { Body } from "../support/http-client.ts";
import type { Endpoint } from "./endpoints.ts";

const MB = 1024 * 1024;
const CONTROL = "\u0000\u0007\u001b[2J\u007f\u0085";
const NOT_UTF8 = Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]);

export type Case = {
  name: string;
  body?: Body;
  headers?: Record<string, string>;
  /** The request may be accepted (the action ignores or defaults what is odd); it must still not be a 5xx. */
  mayAccept?: boolean;
};

/** A body of `size` bytes sent in chunks without a Content-Length, so only counting it can stop it. */
function chunked(prefix: string, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode(prefix));
      const chunk = new Uint8Array(64 * 1024).fill(97);
      controller.enqueue(chunk);
      sent += chunk.byteLength;
      if (sent >= size) controller.close();
    },
  });
}

const enc = encodeURIComponent;
const urlencoded = (pairs: [string, string][]) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&");
export const asString = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export function formCases(
  spec: Endpoint,
  base: Record<string, unknown>,
  hidden: Record<string, string>,
  path: string,
): Case[] {
  // A body a megabyte past what the route takes: 2 MB for most, more for the avatar's pages (decision 057).
  const big = Math.ceil(maxBodyBytes(path) / MB) * MB + MB;
  const fields = Object.entries(base).map(([k, v]) => [k, asString(v)] as [string, string]);
  const hiddenPairs = Object.entries(hidden);
  const all = [...hiddenPairs, ...fields];
  const lenient = (field: string) => spec.lenient?.includes(field) ?? false;
  const form = (pairs: [string, string][]): Body => ({ form: pairs });
  const replace = (field: string, value: string) =>
    all.map(([k, v]) => [k, k === field ? value : v] as [string, string]);
  const token = hidden.csrf ? { "X-CSRF-Token": hidden.csrf } : undefined;
  const cases: Case[] = [
    { name: "no fields", body: form(hiddenPairs), mayAccept: fields.length === 0 },
    {
      name: "extra fields",
      body: form([
        ...all,
        ["isAdmin", "true"],
        ["role", "admin"],
        ["__proto__[isAdmin]", "true"],
        ["constructor[prototype][isAdmin]", "true"],
        ["userId", "someone-else"],
        ["status", "resolved"],
      ]),
      mayAccept: true,
    },
    {
      name: "JSON where a form is expected",
      body: { json: Object.fromEntries(all) },
      headers: token,
    },
    { name: "a text/plain body", body: { raw: urlencoded(all), contentType: "text/plain" }, headers: token },
    { name: "no content type", body: { raw: new TextEncoder().encode(urlencoded(all)) }, headers: token },
    { name: "malformed multipart", body: { raw: "--nope\r\n\r\n", contentType: "multipart/form-data; boundary=x" } },
    {
      name: "a malformed percent escape",
      body: { raw: `${urlencoded(all)}&junk=%E0%A4%A`, contentType: "application/x-www-form-urlencoded" },
    },
    {
      name: `a ${big / MB} MB body`,
      body: { raw: `${urlencoded(all)}&junk=${"a".repeat(big)}`, contentType: "application/x-www-form-urlencoded" },
    },
    {
      name: `a ${big / MB} MB body without a length`,
      body: { raw: chunked(`${urlencoded(all)}&junk=`, big), contentType: "application/x-www-form-urlencoded" },
    },
  ];
  // The honeypot's timestamp is the server's own encrypted value: anything else is turned away, never a 5xx.
  if ("from__confirm" in hidden) {
    for (const [label, garbage] of [
      ["garbage", "garbage"],
      ["not base64", "%%%%"],
      ["base64 of nothing the server made", Buffer.from(randomUUID()).toString("base64")],
      ["a plain timestamp", String(Date.now() - 60_000)],
    ]) {
      cases.push({
        name: `a honeypot timestamp that is ${label}`,
        body: form(replace("from__confirm", garbage as string)),
      });
    }
  }
  for (const [field, value] of fields) {
    cases.push({
      name: `without ${field}`,
      body: form(all.filter(([k]) => k !== field)),
      mayAccept: spec.optional?.includes(field),
    });
    const multipart = new FormData();
    for (const [k, v] of all) {
      if (k === field) multipart.append(k, new Blob([value], { type: "application/octet-stream" }), "payload.bin");
      else multipart.append(k, v);
    }
    cases.push({ name: `${field} as a file`, body: { multipart }, mayAccept: lenient(field) });
    cases.push({
      name: `${field} of 1 MB`,
      body: form(replace(field, `/${"a".repeat(MB)}`)),
      mayAccept: lenient(field),
    });
    const raw = Buffer.concat([
      Buffer.from(`${urlencoded(all.filter(([k]) => k !== field))}&${enc(field)}=`),
      Buffer.from(value.slice(0, 2)),
      NOT_UTF8,
    ]);
    cases.push({
      name: `${field} not UTF-8`,
      body: { raw: new Uint8Array(raw), contentType: "application/x-www-form-urlencoded" },
    });
    cases.push({
      name: `${field} percent-encoded not UTF-8`,
      body: {
        raw: `${urlencoded(all.filter(([k]) => k !== field))}&${enc(field)}=${enc(value)}%FF%FE%C0%AF`,
        contentType: "application/x-www-form-urlencoded",
      },
    });
    cases.push({
      name: `${field} with control characters`,
      body: form(replace(field, `${value}${CONTROL}`)),
      mayAccept: lenient(field),
    });
    // A list field (a story's tags and warnings) is meant to repeat: its repeat is no hostile input.
    if (!LIST_FIELDS.includes(field)) cases.push({ name: `${field} repeated`, body: form([...all, [field, value]]) });
  }
  return cases;
}

function nested(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

export function jsonCases(spec: Endpoint, base: Record<string, unknown>, token: string): Case[] {
  const json = (value: unknown): Body => ({ json: value });
  const rawJson = (text: string | Uint8Array): Body => ({ raw: text, contentType: "application/json" });
  const lenient = (field: string) => spec.lenient?.includes(field) ?? false;
  const text = JSON.stringify(base);
  const cases: Case[] = [
    { name: "an empty object", body: json({}) },
    { name: "no body", body: { raw: "", contentType: "application/json" } },
    { name: "JSON null", body: rawJson("null") },
    { name: "a JSON array", body: json([base]) },
    { name: "a JSON number out of range", body: rawJson("1e999999") },
    { name: "not JSON", body: rawJson("{oops") },
    { name: "JSON with a trailing comma", body: rawJson(`${text.slice(0, -1)},}`) },
    { name: `nested ${100_000} deep`, body: rawJson(`{"a":${nested(100_000)}}`) },
    {
      name: "extra fields",
      body: rawJson(
        `{"isAdmin":true,"role":"admin","__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"userId":"someone-else","status":"resolved",${text.slice(1)}`,
      ),
      mayAccept: true,
    },
    { name: "a text/plain body", body: { raw: text, contentType: "text/plain" } },
    { name: "no content type", body: { raw: new TextEncoder().encode(text) } },
    {
      name: "a form where JSON is expected",
      body: { form: [...Object.entries(base).map(([k, v]) => [k, asString(v)] as [string, string]), ["csrf", token]] },
    },
    { name: "a 3 MB body", body: rawJson(`${text.slice(0, -1)},"junk":"${"a".repeat(3 * MB)}"}`) },
    {
      name: "a 3 MB body without a length",
      body: { raw: chunked(`${text.slice(0, -1)},"junk":"`, 3 * MB), contentType: "application/json" },
    },
  ];
  for (const [field, value] of Object.entries(base)) {
    const without = Object.fromEntries(Object.entries(base).filter(([k]) => k !== field));
    cases.push({ name: `without ${field}`, body: json(without), mayAccept: spec.optional?.includes(field) });
    const wrong: [string, unknown][] = [
      ["a number", 12345],
      ["a boolean", true],
      ["an array", [value]],
      ["an object", { value }],
      ["a huge number", 1e308],
    ];
    for (const [label, replacement] of wrong) {
      if (typeof value === typeof replacement && !Array.isArray(replacement)) continue;
      if (label === "an object" && typeof value === "object" && value !== null && !Array.isArray(value)) continue;
      cases.push({
        name: `${field} as ${label}`,
        body: json({ ...base, [field]: replacement }),
        mayAccept: lenient(field),
      });
    }
    cases.push({
      name: `${field} of 1 MB`,
      body: json({ ...base, [field]: `/${"a".repeat(MB)}` }),
      mayAccept: lenient(field),
    });
    if (typeof value === "object" && value !== null) {
      // Deep nesting inside an object the action keeps (e.g. an error's context).
      // An object the action ignores deep down (metadata) may be accepted; it must not be a 5xx.
      cases.push({
        name: `${field} nested ${100_000} deep inside`,
        mayAccept: true,
        body: rawJson(JSON.stringify({ ...base, [field]: "@@" }).replace('"@@"', `{"deep":${nested(100_000)}}`)),
      });
    }
    if (typeof value === "string") {
      const marker = "@@HOSTILE@@";
      const withMarker = Buffer.from(JSON.stringify({ ...base, [field]: `${value.slice(0, 2)}${marker}` }));
      const at = withMarker.indexOf(marker);
      cases.push({
        name: `${field} not UTF-8`,
        body: rawJson(
          new Uint8Array(
            Buffer.concat([withMarker.subarray(0, at), NOT_UTF8, withMarker.subarray(at + marker.length)]),
          ),
        ),
      });
      cases.push({
        name: `${field} with control characters`,
        body: json({ ...base, [field]: `${value}${CONTROL}` }),
        mayAccept: lenient(field),
      });
    }
    // JSON keeps the last of repeated names (JSON.parse), so the repeat carries a wrong value.
    cases.push({
      name: `${field} repeated`,
      body: rawJson(`${text.slice(0, -1)},${JSON.stringify(field)}:12345}`),
      mayAccept: lenient(field),
    });
  }
  return cases;
}

/** Endpoints that read no body: whatever comes is ignored, but a body the CSRF check cannot read is refused. */
export function bodylessCases(hidden: Record<string, string>): Case[] {
  const pairs = Object.entries(hidden);
  return [
    { name: "extra fields", body: { form: [...pairs, ["isAdmin", "true"], ["userId", "x"]] }, mayAccept: true },
    {
      name: "a JSON body",
      body: { json: { isAdmin: true } },
      headers: { "X-CSRF-Token": hidden.csrf ?? "" },
      mayAccept: true,
    },
    { name: "malformed multipart", body: { raw: "--nope\r\n\r\n", contentType: "multipart/form-data; boundary=x" } },
    {
      name: "a field not UTF-8",
      body: {
        raw: new Uint8Array(Buffer.concat([Buffer.from(`${urlencoded(pairs)}&x=`), NOT_UTF8])),
        contentType: "application/x-www-form-urlencoded",
      },
    },
    { name: "a field with control characters", body: { form: [...pairs, ["x", CONTROL]] } },
    {
      name: "a 3 MB body",
      body: {
        raw: `${urlencoded(pairs)}&junk=${"a".repeat(3 * MB)}`,
        contentType: "application/x-www-form-urlencoded",
      },
    },
  ];
}
