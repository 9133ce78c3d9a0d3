import { data } from "react-router";

/** Throws a 4xx/5xx response the error boundary turns into the product's error page. */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: { status: number } = { status: 400 },
): asserts condition {
  if (!condition) throw data({ message }, init);
}

/**
 * A route's `headers`: keep the headers of a thrown response (Retry-After on
 * the 429 page), else those of the action or loader.
 */
export function keepResponseHeaders({
  errorHeaders,
  actionHeaders,
  loaderHeaders,
}: {
  errorHeaders?: Headers;
  actionHeaders: Headers;
  loaderHeaders: Headers;
}): Headers {
  if (errorHeaders && [...errorHeaders.keys()].length) return errorHeaders;
  if ([...actionHeaders.keys()].length) return actionHeaders;
  return loaderHeaders;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Changes a response's headers in place, or on a copy with the same body when they are immutable
 * (a response fetched from elsewhere): for middleware that adds to whatever the route answered.
 */
export function withHeaders(response: Response, change: (headers: Headers) => void): Response {
  try {
    change(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    change(copy.headers);
    return copy;
  }
}

export function isFormRequest(request: Request): boolean {
  const type = request.headers.get("Content-Type") ?? "";
  return FORM_TYPES.some((t) => type.includes(t));
}

/** No form or JSON body of this site needs more (server/body-limit.ts refuses bigger ones, however they are sent). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * The forms that take a file, a phone's photo as it comes: the avatar's (app/profile/avatar-forms.tsx),
 * on these pages. Their bodies may be this big (the image's 10 MB, AVATAR_MAX_BYTES, and the rest of the
 * form); past it, their action still answers, with the form and its message (docs/decisions/057).
 */
export const UPLOAD_PATHS: ReadonlySet<string> = new Set(["/profile", "/settings/profile"]);
export const MAX_UPLOAD_BODY_BYTES = 12 * 1024 * 1024;

/** The page a request is for: a client-side submission goes to `/path.data` (single fetch). */
export function pagePath(url: string): string {
  return (url.split(/[?#]/)[0] ?? "/").replace(/\.data$/, "") || "/";
}

/** The largest body taken for a request to this URL (a path, or a whole URL). */
export function maxBodyBytes(url: string): number {
  const path = URL.canParse(url) ? new URL(url).pathname : url;
  return UPLOAD_PATHS.has(pagePath(path)) ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES;
}

export const BODY_MESSAGES = {
  tooLarge: "The request is too large.",
  unreadable: "The form could not be read.",
  notUtf8: "The form is not valid UTF-8 text.",
  control: "The form contains control characters, which no field takes.",
  repeated: (name: string) => `The field "${name.slice(0, 100)}" was sent more than once.`,
} as const;

/** C0 controls other than tab, line feed and carriage return; DEL; C1 controls. No field takes them. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

let strictUtf8: TextDecoder | undefined;

/** Decodes UTF-8, or null when the bytes are not UTF-8 (no silent U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    strictUtf8 ??= new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The body's bytes, or "too large" past its limit (maxBodyBytes): a body sent without a
 * length (chunked) is counted as it arrives, so it cannot go past the limit
 * either. Throws when the body cannot be read.
 */
export async function readBodyBytes(request: Request): Promise<Uint8Array | "too large"> {
  if (!request.body) return new Uint8Array();
  const limit = maxBodyBytes(request.url);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Read on, discarding, so the client can finish sending and read the 413
      // (closing on unread data resets the connection); past 4x the limit, cut it off.
      while (size <= limit * 4) {
        const next = await reader.read();
        if (next.done) return "too large";
        size += next.value.byteLength;
      }
      await reader.cancel().catch(() => {});
      return "too large";
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Strict application/x-www-form-urlencoded: UTF-8, well-formed percent escapes. Null when it is not. */
function parseUrlencoded(bytes: Uint8Array): FormData | null {
  const text = decodeUtf8(bytes);
  if (text === null) return null;
  const form = new FormData();
  const decode = (part: string) => decodeURIComponent(part.replaceAll("+", " "));
  try {
    for (const pair of text.split("&")) {
      if (!pair) continue;
      const eq = pair.indexOf("=");
      form.append(decode(eq === -1 ? pair : pair.slice(0, eq)), decode(eq === -1 ? "" : pair.slice(eq + 1)));
    }
  } catch {
    // URIError: a malformed escape, or escapes that are not UTF-8.
    return null;
  }
  return form;
}

/**
 * The posted form, or a clear 4xx: 415 for another content type, 413 past the
 * size limit, 400 for a body that cannot be read, is not UTF-8, has control
 * characters or sends a field twice (form.get and a schema would read such a
 * field differently; a field meant to repeat is named in `repeatable`).
 */
/**
 * The fields that are lists wherever a form sends them, as checkboxes sharing
 * one name: a story's tags and content warnings (the writers' and the admin's
 * story editor). Only these, and what a caller names in `repeatable`, may
 * repeat; the CSRF check reads every form before any route does, so the list
 * is one for the whole site.
 */
export const LIST_FIELDS: readonly string[] = ["tag", "warnings"];

export async function readFormData(request: Request, options: { repeatable?: string[] } = {}): Promise<FormData> {
  invariantResponse(
    isFormRequest(request),
    "Send this as a form (application/x-www-form-urlencoded or multipart/form-data).",
    {
      status: 415,
    },
  );
  const fail = (message: string, status = 400): never => {
    throw data({ message }, { status });
  };
  let bytes: Uint8Array | "too large";
  try {
    bytes = await readBodyBytes(request);
  } catch {
    return fail(BODY_MESSAGES.unreadable);
  }
  if (bytes === "too large") return fail(BODY_MESSAGES.tooLarge, 413);
  const type = request.headers.get("Content-Type") ?? "";
  let form: FormData | null;
  if (type.includes("application/x-www-form-urlencoded")) {
    form = parseUrlencoded(bytes);
    if (!form) return fail(BODY_MESSAGES.notUtf8);
  } else {
    try {
      form = await new Response(bytes as BodyInit, { headers: { "Content-Type": type } }).formData();
    } catch {
      return fail(BODY_MESSAGES.unreadable);
    }
    // This site takes no file uploads: a form without files is text, and must be UTF-8.
    const hasFiles = [...form.values()].some((value) => typeof value !== "string");
    if (!hasFiles && decodeUtf8(bytes) === null) return fail(BODY_MESSAGES.notUtf8);
  }
  const seen = new Set<string>();
  // A browser sends a textarea's line breaks as CRLF, but its maxlength (and its
  // own checks before sending) count each as one character: read them as "\n", so a
  // text at the field's limit is not refused by the server's count of the same limit.
  const read = new FormData();
  for (const [name, value] of form) {
    read.append(name, typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value);
    if (hasControlCharacter(name) || (typeof value === "string" && hasControlCharacter(value))) {
      return fail(BODY_MESSAGES.control);
    }
    if (seen.has(name) && !LIST_FIELDS.includes(name) && !options.repeatable?.includes(name)) {
      return fail(BODY_MESSAGES.repeated(name));
    }
    seen.add(name);
  }
  return read;
}
