// One remote source of the content chain: a WordPress REST API, either
// WordPress.com's public API (/wp/v2/sites/{site}) or a site's own
// ({WP_URL}/wp-json/wp/v2). Spec §7 Content.
import { z } from "zod";
import { isSlug } from "~/utils/slug";
import { LIST_FIELDS, parsePostList, type RemotePost, type RemotePostSummary } from "./remote-post";
import type { ListOrder, StoryImage } from "./story";

/** Spec §9: each remote request times out after 10 s. */
export const REMOTE_TIMEOUT_MS = 10_000;
/**
 * The most a remote answer may weigh. A page of 20 whole stories is a few
 * hundred KB; a remote that sends more (a 50 MB or endless body) fails, instead
 * of growing the server's memory by what it sent.
 */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** Same-origin redirects a request follows (a WordPress moving to https, adding a slash). */
export const MAX_REDIRECTS = 3;
/** WordPress's own upper bound of per_page. */
const MAX_TERMS = 100;

export type FailureType = "timeout" | "network" | "parse" | "unknown";

/**
 * A source that did not answer usefully; the chain moves on to the next one. The message says
 * what happened in an admin's words (the status, the bytes, what was expected): the sync's history
 * shows it. `status` is the HTTP status when the source answered at all (it was reachable).
 */
export class SourceFailure extends Error {
  readonly type: FailureType;
  readonly status: number | undefined;
  constructor(type: FailureType, message: string, status?: number) {
    super(message);
    this.name = "SourceFailure";
    this.type = type;
    this.status = status;
  }
}

const httpStatus = (response: Response) =>
  `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export type ListParams = {
  page?: number;
  perPage?: number;
  /** Remote term ids. */
  categories?: number[];
  tags?: number[];
  search?: string;
  slug?: string;
  /** Newest first when absent (WordPress's default), as readers see it. */
  order?: ListOrder;
  /** Lists need no content: ask only for the summary fields. */
  withContent?: boolean;
};

export type RemoteList<T> = {
  posts: T[];
  total: number;
  totalPages: number;
  /** Items that failed validation (each became the spec's default post), and why, in a few words each. */
  invalid: number;
  problems: string[];
};

export type RemoteTerm = { id: number; name: string; slug: string; count?: number };

export type WordPressSource = {
  name: "wpcom" | "wp";
  /** API root without a trailing slash, e.g. https://blog.example/wp-json/wp/v2 */
  base: string;
};

export function wordpressSources(config: { wpcomApiBase: string; wpcomSite?: string; wpUrl?: string }) {
  const sources: WordPressSource[] = [];
  if (config.wpcomSite) {
    sources.push({
      name: "wpcom",
      base: `${config.wpcomApiBase.replace(/\/$/, "")}/wp/v2/sites/${encodeURIComponent(config.wpcomSite)}`,
    });
  }
  if (config.wpUrl) sources.push({ name: "wp", base: `${config.wpUrl.replace(/\/$/, "")}/wp-json/wp/v2` });
  return sources;
}

const isAbort = (error: unknown) =>
  error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");

/** A failure before the source answered: it did not answer in time, or could not be reached. */
function classify(error: unknown, timeoutMs: number): SourceFailure {
  if (error instanceof SourceFailure) return error;
  if (isAbort(error)) {
    return new SourceFailure("timeout", `The content source did not answer within ${seconds(timeoutMs)}.`);
  }
  if (error instanceof TypeError) {
    // undici's "fetch failed" says little; its cause names the refusal, the unknown host, the reset.
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const why = typeof cause?.code === "string" ? cause.code : typeof cause?.message === "string" ? cause.message : "";
    return new SourceFailure(
      "network",
      `Could not reach the content source: ${error.message}${why ? ` (${why})` : ""}.`,
    );
  }
  return new SourceFailure("unknown", error instanceof Error ? error.message : String(error));
}

/**
 * Fetches, following redirects only within the source's own origin: a remote
 * that redirects elsewhere (another host, a loopback or cloud-metadata
 * address) would have the server fetch it on its behalf.
 */
async function fetchSameOrigin(url: URL, signal: AbortSignal): Promise<Response> {
  let target = url;
  for (let hops = 0; ; hops++) {
    const response = await fetch(target, { headers: { Accept: "application/json" }, signal, redirect: "manual" });
    if (response.status < 300 || response.status >= 400 || response.status === 304) return response;
    await response.body?.cancel();
    const location = response.headers.get("location");
    const next = location ? URL.parse(location, target) : null;
    if (!next || next.origin !== url.origin) {
      throw new SourceFailure(
        "network",
        `The content source redirected to another origin (${httpStatus(response)} to ${next?.origin ?? "nowhere"}); only redirects within ${url.origin} are followed.`,
        response.status,
      );
    }
    if (hops >= MAX_REDIRECTS) {
      throw new SourceFailure(
        "network",
        `The content source redirected more than ${MAX_REDIRECTS} times.`,
        response.status,
      );
    }
    target = next;
  }
}

/**
 * The body as text, read with a byte counter: past `limit` the download is cancelled and the
 * source fails. A body that never ends within the time limit fails too: the source answered, but
 * not with a whole JSON document, so both are "parse" failures (a "timeout" is a source that did
 * not answer at all).
 */
async function readText(response: Response, limit: number, timeoutMs: number): Promise<string> {
  const tooLarge = (size: number) =>
    new SourceFailure(
      "parse",
      `The content source's answer (${httpStatus(response)}) was ${size > limit ? `over ${limit} bytes` : `${size} bytes`}, more than the ${limit / 1024 / 1024} MB a page of posts may weigh.`,
      response.status,
    );
  const declared = Number(response.headers.get("content-length"));
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(declared);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (!isAbort(error)) throw error;
      throw new SourceFailure(
        "parse",
        `The content source answered (${httpStatus(response)}) but its body did not end within ${seconds(timeoutMs)}: ${size} bytes received, expected a whole JSON document.`,
        response.status,
      );
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(size);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function getJson(url: URL, timeoutMs: number): Promise<{ body: unknown; headers: Headers; status: number }> {
  let response: Response;
  try {
    response = await fetchSameOrigin(url, AbortSignal.timeout(timeoutMs));
  } catch (error) {
    throw classify(error, timeoutMs);
  }
  // A server error is the source's own failure, whatever its body: it was reached (not "network"),
  // answered in time and its body is beside the point (not "parse"). Of the spec's four types
  // that leaves "unknown" (its "anything else"); the status says what it was (decision 021).
  if (response.status >= 500) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceFailure(
      "unknown",
      `The content source answered ${httpStatus(response)}: the WordPress site failed, expected 200 and JSON.`,
      response.status,
    );
  }
  const type = response.headers.get("content-type") ?? "";
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceFailure(
      "parse",
      `Expected JSON from the content source, got ${type || "no content type"} (${httpStatus(response)}).`,
      response.status,
    );
  }
  let text: string;
  try {
    text = await readText(response, MAX_BODY_BYTES, timeoutMs);
  } catch (error) {
    throw classify(error, timeoutMs);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new SourceFailure(
      "parse",
      `The content source sent malformed JSON (${httpStatus(response)}, ${Buffer.byteLength(text)} bytes): ${error instanceof Error ? error.message : String(error)}.`,
      response.status,
    );
  }
  return { body, headers: response.headers, status: response.status };
}

/** What a JSON value is, in an admin's words, for a failure's details. */
const describeJson = (body: unknown) =>
  Array.isArray(body) ? "a list" : body === null ? "null" : typeof body === "object" ? "an object" : `a ${typeof body}`;

/** WordPress's default per_page. */
const DEFAULT_PER_PAGE = 10;

function listUrl(source: WordPressSource, params: ListParams): URL {
  const url = new URL(`${source.base}/posts`);
  url.searchParams.set("page", String(params.page ?? 1));
  url.searchParams.set("per_page", String(params.perPage ?? DEFAULT_PER_PAGE));
  if (params.categories?.length) url.searchParams.set("categories", params.categories.join(","));
  if (params.tags?.length) url.searchParams.set("tags", params.tags.join(","));
  if (params.search) url.searchParams.set("search", params.search);
  if (params.slug) url.searchParams.set("slug", params.slug);
  if (params.order === "oldest") url.searchParams.set("order", "asc");
  if (params.order === "title") {
    url.searchParams.set("orderby", "title");
    url.searchParams.set("order", "asc");
  }
  if (!params.withContent) url.searchParams.set("_fields", LIST_FIELDS.join(","));
  return url;
}

const headerInt = (headers: Headers, name: string) => {
  const value = Number.parseInt(headers.get(name) ?? "", 10);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
};

export async function fetchRemotePosts(
  source: WordPressSource,
  params: ListParams & { withContent: true },
  timeoutMs?: number,
): Promise<RemoteList<RemotePost>>;
export async function fetchRemotePosts(
  source: WordPressSource,
  params: ListParams,
  timeoutMs?: number,
): Promise<RemoteList<RemotePost | RemotePostSummary>>;
export async function fetchRemotePosts(source: WordPressSource, params: ListParams, timeoutMs = REMOTE_TIMEOUT_MS) {
  const { body, headers, status } = await getJson(listUrl(source, params), timeoutMs);
  // A page past the last one is an answer, not a failure: that page is empty.
  if (status === 400 && (body as { code?: unknown })?.code === "rest_post_invalid_page_number") {
    return { posts: [], total: 0, totalPages: 0, invalid: 0, problems: [], pastEnd: true };
  }
  if (status < 200 || status >= 300) {
    const code = (body as { code?: unknown })?.code;
    throw new SourceFailure(
      "unknown",
      `The content source answered HTTP ${status}${typeof code === "string" ? ` (${code.slice(0, 100)})` : ""}, expected 200 and a list of posts.`,
      status,
    );
  }
  if (!Array.isArray(body)) {
    throw new SourceFailure(
      "parse",
      `The content source sent ${describeJson(body)} (HTTP ${status}), expected a JSON list of posts.`,
      status,
    );
  }
  // A remote may send more than it was asked for (500 items for 10): only the page asked for is kept.
  const { posts, invalid, problems } = parsePostList(
    body.slice(0, params.perPage ?? DEFAULT_PER_PAGE),
    !params.withContent,
  );
  const total = headerInt(headers, "x-wp-total") ?? posts.length;
  const totalPages = headerInt(headers, "x-wp-totalpages") ?? (total > 0 ? 1 : 0);
  return { posts, total, totalPages, invalid, problems };
}

/** Spec §7: GET {remote}/posts?per_page=1&_fields=id is the availability probe. */
export async function probe(source: WordPressSource, timeoutMs = REMOTE_TIMEOUT_MS): Promise<boolean> {
  try {
    const url = new URL(`${source.base}/posts`);
    url.searchParams.set("per_page", "1");
    url.searchParams.set("_fields", "id");
    const { body, status } = await getJson(url, timeoutMs);
    return status >= 200 && status < 300 && Array.isArray(body);
  } catch {
    return false;
  }
}

/** Categories or tags of the source, with the fields the site needs. */
export async function fetchRemoteTerms(
  source: WordPressSource,
  taxonomy: "categories" | "tags",
  timeoutMs = REMOTE_TIMEOUT_MS,
): Promise<RemoteTerm[]> {
  const url = new URL(`${source.base}/${taxonomy}`);
  url.searchParams.set("per_page", String(MAX_TERMS));
  url.searchParams.set("_fields", "id,name,slug,count");
  const { body, status } = await getJson(url, timeoutMs);
  if (status < 200 || status >= 300 || !Array.isArray(body)) {
    throw new SourceFailure("parse", `The content source did not send a list of ${taxonomy}.`);
  }
  return body
    .slice(0, MAX_TERMS)
    .filter(
      (t): t is RemoteTerm =>
        typeof t === "object" && t !== null && typeof t.id === "number" && typeof t.name === "string" && isSlug(t.slug),
    );
}

const MediaSize = z.looseObject({ width: z.number(), height: z.number(), source_url: z.string() });
const MediaSchema = z.looseObject({
  id: z.number(),
  alt_text: z.string().optional(),
  source_url: z.string(),
  media_details: z.looseObject({
    width: z.number(),
    height: z.number(),
    sizes: z.record(z.string(), MediaSize).optional(),
  }),
});

/**
 * Whether a featured image's URL is one the image endpoint may fetch for this
 * source: on the source's own origin, or (WordPress.com) its https image hosts.
 * Anything else (a loopback or private address, another site) is dropped here,
 * before a URL is ever signed: a remote's media item is untrusted input.
 */
export function isSourceImageUrl(source: WordPressSource, value: string): boolean {
  const url = URL.parse(value);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) return false;
  if (url.origin === new URL(source.base).origin) return true;
  return (
    source.name === "wpcom" &&
    url.protocol === "https:" &&
    /(^|\.)(files\.)?wordpress\.com$|(^|\.)wp\.com$/i.test(url.hostname)
  );
}

/** A featured image: its largest copy (the image endpoint makes the smaller ones), or null. */
export async function fetchRemoteImage(
  source: WordPressSource,
  id: number,
  timeoutMs = REMOTE_TIMEOUT_MS,
): Promise<StoryImage | null> {
  const url = new URL(`${source.base}/media/${id}`);
  url.searchParams.set("_fields", "id,alt_text,source_url,media_details");
  const { body, status } = await getJson(url, timeoutMs);
  if (status === 404) return null;
  const media = MediaSchema.safeParse(body);
  if (status < 200 || status >= 300 || !media.success)
    throw new SourceFailure("parse", "The content source sent an invalid media item.");
  const { sizes = {}, width, height } = media.data.media_details;
  const candidates = [{ width, height, source_url: media.data.source_url }, ...Object.values(sizes)]
    .filter((c) => c.width > 0 && c.height > 0 && c.width <= 10_000 && c.height <= 10_000)
    .filter((c) => c.source_url.length <= 1024 && isSourceImageUrl(source, c.source_url))
    .sort((a, b) => b.width - a.width);
  const best = candidates[0];
  if (!best) return null;
  return { alt: media.data.alt_text ?? "", src: best.source_url, width: best.width, height: best.height };
}
