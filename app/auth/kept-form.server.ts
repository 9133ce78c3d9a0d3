// A form a signed-in reader sent after their session ended (signed out in another tab, ended by an
// admin, expired) is kept for an hour, bound to a cookie of this browser, and given back to the
// same page's form once they sign in again: never sent by itself (docs/decisions/058).
import { createHash, randomBytes } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { prisma } from "~/db.server";
import { secureCookies } from "~/env.server";
import { isApiPath } from "~/site/request-kind";
import { checkedFormOf } from "./csrf.server";
import type { KeptFields } from "./kept-form";
import { KEPT_FORM_COOKIE } from "./kept-form-cookie-name";

export const KEPT_FORM_MESSAGE =
  "This was not sent: you were signed out before it went. What you wrote is back in the form; send it again when you are ready.";

/** The kept fields as the form's last result: conform fills the form and shows the message in its alert. */
export const keptResult = (fields: KeptFields): SubmissionResult<string[]> => ({
  status: "error",
  initialValue: fields,
  error: { "": [KEPT_FORM_MESSAGE] },
});

/** How long a kept form waits for its reader to sign in again. */
export const KEPT_FORM_MS = 60 * 60_000;
/** The most text kept (names and values, UTF-8): room for a story at its longest (200,000 characters, mostly ASCII). */
export const KEPT_FORM_MAX_BYTES = 256 * 1024;

/**
 * The pages whose forms take a kept form back: those of the form kit's useSchemaForm and the story
 * editor that need an account, and the profile's. A form elsewhere keeps nothing, so that /auth
 * never promises text back that no form would show (docs/decisions/058 lists the forms left out).
 */
const KEEPING_PAGES = [
  /^\/community$/,
  /^\/community\/threads\/[^/]+$/,
  /^\/community\/posts\/[^/]+\/edit$/,
  /^\/community\/report$/,
  /^\/community-story\/[^/]+\/comments$/,
  /^\/submit-story$/,
  /^\/edit-story\/[^/]+$/,
  /^\/settings\/profile$/,
  /^\/admin\/settings$/,
];

export const keepsFormsAt = (path: string) => KEEPING_PAGES.some((page) => page.test(path));

/** What became of a form sent without a session: /auth says which (`unsent=`). */
export type KeepOutcome = "kept" | "none" | "file" | "large";

/**
 * The fields worth giving back, or why none are: never a password (any field whose name has
 * "password", "secret" or "confirm", nor any other field with the same value), a token (the CSRF field's included), the honeypot's or another machine-made field;
 * a form whose only typed fields were those keeps nothing. Over KEPT_FORM_MAX_BYTES, nothing.
 */
export function keptFields(form: FormData): { fields: KeptFields } | { outcome: "none" | "large" | "file" } {
  const fields: KeptFields = {};
  let bytes = 0;
  let typed = false;
  // A password's repetition under another name ("confirm" on /settings/profile) goes with it.
  const secrets = new Set<string>();
  for (const [name, value] of form) if (typeof value === "string" && isSecret(name) && value !== "") secrets.add(value);
  for (const [name, value] of form) {
    if (typeof value !== "string") return { outcome: "file" };
    if (!keepsField(name) || secrets.has(value)) continue;
    bytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (bytes > KEPT_FORM_MAX_BYTES) return { outcome: "large" };
    const had = fields[name];
    fields[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    if (name !== "intent" && value.trim() !== "") typed = true;
  }
  return typed ? { fields } : { outcome: "none" };
}

const isSecret = (name: string) => /password|passphrase|secret|confirm/i.test(name);

function keepsField(name: string) {
  const lower = name.toLowerCase();
  return !(
    isSecret(name) ||
    lower.includes("token") ||
    lower === "csrf" ||
    // The honeypot's fields (./honeypot.server.ts), conform's own (__intent__), the page to return to.
    lower.endsWith("__confirm") ||
    lower.startsWith("__") ||
    lower === "redirectto"
  );
}

const hashOf = (value: string) => createHash("sha256").update(value).digest("base64url");

function cookieValue(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${KEPT_FORM_COOKIE}=`)) return null;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === KEPT_FORM_COOKIE && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}

const keptCookie = (value: string, maxAge: number) =>
  `${KEPT_FORM_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureCookies ? "; Secure" : ""}`;

/** The path a form was sent to (a running app's `.data` is the page's own). */
const pagePath = (request: Request) => new URL(request.url).pathname.replace(/\.data$/, "");

/**
 * For requireUser, when a form came without a session from a browser that had one: keeps what it
 * carried, if the CSRF check passed it and it was a plain form (a file is not kept). Returns the
 * outcome, and the cookie to set when kept.
 */
export async function keepForm(request: Request): Promise<{ outcome: KeepOutcome; setCookie?: string }> {
  const form = checkedFormOf(request);
  if (!form || isApiPath(pagePath(request)) || !keepsFormsAt(pagePath(request))) return { outcome: "none" };
  if ((request.headers.get("Content-Type") ?? "").includes("multipart/form-data")) return { outcome: "file" };
  const kept = keptFields(form);
  if (!("fields" in kept)) return { outcome: kept.outcome };
  const value = randomBytes(32).toString("base64url");
  const earlier = cookieValue(request);
  const now = Date.now();
  await prisma.$transaction([
    // One kept form per browser: the newest.
    ...(earlier ? [prisma.keptForm.deleteMany({ where: { id: hashOf(earlier) } })] : []),
    prisma.keptForm.create({
      data: {
        id: hashOf(value),
        path: pagePath(request),
        fields: JSON.stringify(kept.fields),
        expiresAt: new Date(now + KEPT_FORM_MS),
      },
    }),
  ]);
  return { outcome: "kept", setCookie: keptCookie(value, KEPT_FORM_MS / 1000) };
}

/** Whether this browser has a kept form waiting for the page at `path` (/auth's message). */
export async function hasKeptForm(request: Request, path: string): Promise<boolean> {
  const value = cookieValue(request);
  if (!value) return false;
  const row = await prisma.keptForm.findUnique({
    where: { id: hashOf(value) },
    select: { path: true, expiresAt: true },
  });
  return Boolean(row && row.path === path && row.expiresAt.getTime() > Date.now());
}

/**
 * For the root loader of a signed-in reader's page: the kept fields of this page, once (the row
 * goes, and its cookie). Nothing is read for a request without the cookie. A kept form of another
 * page waits for it; one that is gone or expired takes its cookie with it.
 */
export async function takeKeptForm(
  request: Request,
): Promise<{ path: string; fields: KeptFields | null; setCookie: string } | null> {
  const value = cookieValue(request);
  if (!value || request.method !== "GET") return null;
  const id = hashOf(value);
  const row = await prisma.keptForm.findUnique({ where: { id } });
  const clear = keptCookie("", 0);
  if (!row || row.expiresAt.getTime() <= Date.now()) {
    if (row) await prisma.keptForm.deleteMany({ where: { id } });
    return { path: pagePath(request), fields: null, setCookie: clear };
  }
  if (row.path !== pagePath(request)) return null;
  // Two requests at once: only the one that deleted the row shows it.
  const { count } = await prisma.keptForm.deleteMany({ where: { id } });
  return { path: row.path, fields: count ? (JSON.parse(row.fields) as KeptFields) : null, setCookie: clear };
}

/** The hourly job's share (./expired-rows.server.ts). */
export const deleteExpiredKeptForms = (now: Date) => prisma.keptForm.deleteMany({ where: { expiresAt: { lte: now } } });
