// A form sent twice is acted on once (docs/decisions/051). A reader whose signal drops after
// the server acted on a form, before its answer came back, is told the form was not answered
// (decision 046's toast with JavaScript, the browser's own offline page without it) and sends
// it again: a second comment, a second story, a second message to the editors. So every form of a
// page that carries the reader's CSRF token carries a key of that page's render too, and the
// first successful answer to each (browser, key, form) is kept for a day: the same form sent
// again gets that answer, acted on nothing.
//
// - The key rides in the form's CSRF field (`<token>~<key>`), which every such form already
//   sends: no field, no script, no byte of the reader's JavaScript more. A page's every render
//   has a key of its own, and the running app's pages get a new one with the root's data after
//   every form they send, so only a form sent again before anything answered it meets its receipt.
// - The receipt's key is an HMAC of the browser's CSRF token (what ties it to this browser), the
//   page's key, the address and every field of the form, in order (a file by name, size and
//   type). The same page's other forms, or this form with other text, are other receipts.
// - Only an answer that did something is kept (below 400). A refusal (a 4xx with the form's
//   errors, a 503) lets the same form be sent again and acted on. So does a file a form asks for
//   (a download: its answer is read, not an act, and is never a day's copy of a reader's data).
// - A second request while the first is still being answered waits for its answer (a double
//   press), up to WAIT_MS. A receipt left half-made by a process that died is taken over after
//   STALE_MS.
import { createHmac, randomBytes } from "node:crypto";
import { data } from "react-router";
import { isUniqueViolation, prisma } from "~/db.server";
import { sessionSecrets } from "~/env.server";

/** Between the CSRF token and the page's key in the form's CSRF field: not in either's alphabet. */
const SEPARATOR = "~";
/** How long an answer is kept for the same form sent again. */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** How long a second request waits for the first one's answer. */
const WAIT_MS = 10_000;
const POLL_MS = 100;
/** A receipt no answer was written to in this time was left by a process that died. */
const STALE_MS = 2 * 60 * 1000;
/** Old receipts are cleared at most this often per process, by the request that finds them due. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Statuses whose answer has no body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export const FORM_MESSAGES = {
  stillSending: "This form is still being sent. Wait a moment, then look at the page again.",
  sentElsewhere: "This form was sent already. Go back to the page to see what it did.",
} as const;

/** A new key for the forms of one render of a page. */
export function newFormKey(): string {
  return randomBytes(12).toString("base64url");
}

/** The CSRF field's value for a page's forms: the reader's token and the render's key. */
export function withFormKey(token: string, formKey: string): string {
  return `${token}${SEPARATOR}${formKey}`;
}

/** A CSRF field's value, taken apart (a value without a key, from the JSON API or an older page, has none). */
export function splitFormToken(value: string): { token: string; formKey: string | null } {
  const at = value.lastIndexOf(SEPARATOR);
  if (at < 0) return { token: value, formKey: null };
  return { token: value.slice(0, at), formKey: value.slice(at + 1) || null };
}

/** What the same form sent again is matched on. */
function receiptKey(token: string, formKey: string, request: Request, form: FormData, tokenField: string): string {
  const url = new URL(request.url);
  const hmac = createHmac("sha256", sessionSecrets[0] ?? "");
  // The running app posts to `<page>.data`, a document to `<page>`: the same form either way.
  for (const part of [token, formKey, url.pathname.replace(/\.data$/, ""), url.search]) hmac.update(`${part}\0`);
  for (const [name, value] of form) {
    if (name === tokenField) continue;
    const text = typeof value === "string" ? value : `file:${value.name}:${value.size}:${value.type}`;
    hmac.update(`${name}\0${text}\0`);
  }
  return hmac.digest("base64url");
}

/** Clears the receipts older than KEEP_MS. */
export async function pruneFormReceipts(now = Date.now()): Promise<number> {
  const { count } = await prisma.formReceipt.deleteMany({ where: { createdAt: { lt: new Date(now - KEEP_MS) } } });
  return count;
}

let lastPrune = 0;
function pruneNowAndThen() {
  const now = Date.now();
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  pruneFormReceipts(now).catch(() => {
    // The next request due tries again.
    lastPrune = 0;
  });
}

type Receipt = { path: string; status: number; headers: string; body: Uint8Array | null };

/** Takes the receipt for this request (null), or returns the answer already kept for it. */
async function claim(key: string, path: string): Promise<Receipt | null> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      await prisma.formReceipt.create({ data: { key, path } });
      return null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const kept = await prisma.formReceipt.findUnique({ where: { key } });
    // Given back by a refused first request meanwhile: this one takes it.
    if (!kept) continue;
    if (kept.status) return kept;
    if (Date.now() - kept.createdAt.getTime() > STALE_MS) {
      const { count } = await prisma.formReceipt.updateMany({
        where: { key, status: 0, createdAt: kept.createdAt },
        data: { createdAt: new Date(), path },
      });
      if (count) return null;
      continue;
    }
    if (Date.now() > deadline) throw data({ message: FORM_MESSAGES.stillSending }, { status: 409 });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function replay(receipt: Receipt, path: string): Response {
  // The first answer was made for the running app and this request is a document's, or the
  // reverse: its bytes mean nothing here, and acting again would do it twice.
  if (receipt.path !== path) throw data({ message: FORM_MESSAGES.sentElsewhere }, { status: 409 });
  const headers = new Headers(JSON.parse(receipt.headers) as [string, string][]);
  const body = NULL_BODY.has(receipt.status) ? null : (receipt.body ?? new Uint8Array());
  return new Response(body as BodyInit | null, { status: receipt.status, headers });
}

/**
 * Answers a checked form post once (the CSRF check's middleware calls it with the form it read
 * and the browser's token): the kept answer when this form was answered already, else the
 * action's, kept when it did something. A form without a render's key goes straight on.
 */
export async function answerFormOnce(
  request: Request,
  form: FormData,
  tokenField: string,
  next: () => Promise<Response>,
): Promise<Response> {
  const { token, formKey } = splitFormToken(String(form.get(tokenField) ?? ""));
  if (!formKey) return next();
  pruneNowAndThen();
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  const key = receiptKey(token, formKey, request, form, tokenField);
  const kept = await claim(key, path);
  if (kept) return replay(kept, path);
  // Given back when the action failed or kept nothing worth keeping: the form sent again is acted on.
  const release = () => prisma.formReceipt.delete({ where: { key } }).catch(() => {});
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    await release();
    throw error;
  }
  // A refusal keeps nothing. Nor does a file the form asked for ("Download my data"): sending for
  // it again is a read, and must get today's file.
  if (response.status >= 400 || response.headers.has("Content-Disposition")) {
    await release();
    return response;
  }
  // Read whole, so that the answer is kept even when the reader is no longer there to read it.
  const body = NULL_BODY.has(response.status) ? null : new Uint8Array(await response.arrayBuffer());
  await prisma.formReceipt.update({
    where: { key },
    data: { status: response.status, headers: JSON.stringify([...response.headers]), body },
  });
  return new Response(body as BodyInit | null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
