// HTTP caching, all of it: which pages may be shared (Cache-Control), their
// validators (ETag, 304), and the page cache in front of the app.
//
// The page cache is a small shared cache for anonymous pages only:
// what any shared cache (a CDN, a reverse proxy) may already do with them,
// since they say `Cache-Control: public` (publicPageHeaders, app/site/cache-policy.ts).
// It keeps the encoded bytes the app sent (after compression), for at most
// `maxTtlMs` (1 s by default) and never longer than the page's own max-age,
// and answers from them before Express, routing, loaders, React or zlib run.
// A burst of anonymous readers on one story costs one render per second
// instead of one per reader (docs/performance.md, docs/decisions/006).
//
// Stored: GET, no Cookie or Authorization header, 200, text/html, `public`
// with a positive max-age, no Set-Cookie, no `Vary: *`. Entries are keyed by
// host, URL and the request's values of the headers the response varies on
// (Save-Data and ECT for a story, Accept-Encoding for every compressed page).
//
// Memory is bounded whatever readers ask for: entries and the per-URL notes are
// LRU caches with a byte cap, and a page is only admitted on its second request
// within a while, so a flood of one-off URLs (random slugs, query strings)
// never pushes the pages readers actually read out of the cache.
import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";

export type PageCacheOptions = {
  /** How long a page is kept at most; the page's own max-age may make it shorter. */
  maxTtlMs?: number;
  /** All entries together, in bytes of body. */
  maxBytes?: number;
  /** A bigger page is not kept. */
  maxEntryBytes?: number;
  /**
   * Renders of a page before it is kept: 2 (the default) keeps out pages asked
   * for once; 1 keeps every page on its first render.
   */
  admitAfter?: 1 | 2;
  /** How many URLs are remembered as asked for once (the admission filter) and with their Vary headers. */
  maxKeys?: number;
  now?: () => number;
  /**
   * What else tells two answers for the same URL and headers apart: a part of the request the
   * HTTP layer took out before the cache (the site.css cookie, server/site-css-cookie.ts).
   */
  variant?: (req: IncomingMessage) => string;
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

type Entry = {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag?: string;
  storedAt: number;
  expiresAt: number;
};

/** Not stored with an entry: per connection or per answer. */
const NOT_STORED = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length", "age"]);

function directives(header: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? "").split(",")) {
    const [name, value = ""] = part.trim().split("=");
    if (name) map.set(name.toLowerCase(), value.trim().replace(/^"|"$/g, ""));
  }
  return map;
}

const headerText = (value: string | string[] | number | undefined) =>
  value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);

/** How long the response may be shared, in ms (0: not at all). */
export function sharedLifetimeMs(cacheControl: string | undefined): number {
  const cc = directives(cacheControl);
  if (!cc.has("public") || cc.has("private") || cc.has("no-store") || cc.has("no-cache")) return 0;
  const seconds = Number(cc.get("s-maxage") ?? cc.get("max-age"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** A request the cache may answer: anonymous, a plain GET or HEAD, not asking to bypass caches. */
export function isShareableRequest(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const h = req.headers;
  if (h.cookie || h.authorization || h.range) return false;
  const cc = directives(headerText(h["cache-control"]));
  return !cc.has("no-cache") && !cc.has("no-store") && !/no-cache/i.test(headerText(h.pragma));
}

export function createPageCache(options: PageCacheOptions = {}) {
  const maxTtlMs = options.maxTtlMs ?? 1_000;
  const maxEntryBytes = options.maxEntryBytes ?? 512 * 1024;
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? 8 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + 1024,
  });
  const maxKeys = options.maxKeys ?? 10_000;
  const keySize = (_value: unknown, key: string) => key.length + 64;
  /** The request headers each URL's response varies on, as the last stored response said. */
  const varyOf = new LRUCache<string, string[]>({ max: maxKeys, maxSize: maxKeys * 256, sizeCalculation: keySize });
  /** Pages asked for once: the second request within a while admits a page to the cache. */
  const seenOnce = new LRUCache<string, true>({ max: maxKeys, maxSize: maxKeys * 256, sizeCalculation: keySize });
  /** Fills under way, so a burst of misses for one page renders it once. */
  const filling = new Map<string, Promise<void>>();

  const variant = options.variant ?? (() => "");
  const baseKey = (req: IncomingMessage) => `${req.headers.host ?? ""} ${req.url ?? "/"} ${variant(req)}`;
  const keyOf = (base: string, req: IncomingMessage, vary: string[]) =>
    [base, ...vary.map((name) => headerText(req.headers[name]).replace(/\s+/g, "").toLowerCase())].join("\n");

  function lookup(req: IncomingMessage): Entry | undefined {
    const base = baseKey(req);
    const vary = varyOf.get(base);
    if (!vary) return undefined;
    const entry = entries.get(keyOf(base, req, vary));
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      const key = keyOf(base, req, vary);
      entries.delete(key);
      // A page that was kept has been asked for: its next render is kept again. Counted as never
      // seen, it was not, and every reader waiting on that render rendered the page for themselves.
      seenOnce.set(key, true);
      return undefined;
    }
    return entry;
  }

  function answer(req: IncomingMessage, res: ServerResponse, entry: Entry) {
    const age = String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000)));
    const ifNoneMatch = req.headers["if-none-match"];
    if (entry.etag && matchesIfNoneMatch(ifNoneMatch, entry.etag)) {
      const { "content-encoding": _encoding, "content-type": _type, ...headers } = entry.headers;
      res.writeHead(304, { ...headers, age });
      res.end();
      return;
    }
    res.writeHead(200, { ...entry.headers, "content-length": entry.body.length, age });
    res.end(req.method === "HEAD" ? undefined : entry.body);
  }

  /** Passes the request to the app and keeps what it sends, when it may be kept. */
  function fill(req: IncomingMessage, res: ServerResponse, app: Handler): Promise<void> {
    return new Promise<void>((done) => {
      // Headers handed straight to writeHead are not in res.getHeaders(): note them too.
      const direct: OutgoingHttpHeaders = {};
      const chunks: Buffer[] = [];
      let size = 0;
      let keep = true;
      const collect = (chunk: unknown, encoding: unknown) => {
        if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
        const type = direct["content-type"] ?? res.getHeader("content-type");
        if (size === 0 && !/^text\/html\b/i.test(headerText(type))) keep = false;
        const buffer =
          typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (size > maxEntryBytes) keep = false;
        if (keep) chunks.push(buffer);
        else chunks.length = 0;
      };
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
        const headers = args.slice(1).find((arg) => typeof arg === "object" && arg !== null);
        if (Array.isArray(headers)) {
          for (let i = 0; i + 1 < headers.length; i += 2) direct[String(headers[i]).toLowerCase()] = headers[i + 1];
        } else if (headers) {
          for (const [name, value] of Object.entries(headers)) direct[name.toLowerCase()] = value;
        }
        return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
      } as ServerResponse["writeHead"];
      const write = res.write;
      const end = res.end;
      res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
        collect(chunk, rest[0]);
        return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
      } as ServerResponse["write"];
      res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
        collect(chunk, rest[0]);
        return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
      } as ServerResponse["end"];
      // Stored once the whole answer is written, before the reader can ask again.
      res.once("finish", () => {
        if (keep) store(req, res, { ...res.getHeaders(), ...direct }, Buffer.concat(chunks));
        done();
      });
      res.once("close", () => done());
      app(req, res);
    });
  }

  function store(req: IncomingMessage, res: ServerResponse, headers: OutgoingHttpHeaders, body: Buffer) {
    if (res.statusCode !== 200) return;
    if (headers["set-cookie"] !== undefined) return;
    if (!/^text\/html\b/i.test(headerText(headers["content-type"]))) return;
    const lifetime = Math.min(sharedLifetimeMs(headerText(headers["cache-control"])), maxTtlMs);
    if (lifetime <= 0) return;
    const vary = [
      ...new Set(
        headerText(headers.vary)
          .split(",")
          .map((name) => name.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (vary.includes("*")) return;
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && !NOT_STORED.has(name)) kept[name] = value;
    }
    const base = baseKey(req);
    const key = keyOf(base, req, vary);
    if ((options.admitAfter ?? 2) > 1 && !entries.has(key) && !seenOnce.delete(key)) {
      // First sight of this page: remember it, keep nothing yet.
      seenOnce.set(key, true);
      return;
    }
    const storedAt = now();
    varyOf.set(base, vary);
    entries.set(key, {
      headers: kept,
      body,
      etag: typeof headers.etag === "string" ? headers.etag : undefined,
      storedAt,
      expiresAt: storedAt + lifetime,
    });
  }

  /** Answers from the cache, or hands the request to `app` (keeping a page it may share). */
  function handle(req: IncomingMessage, res: ServerResponse, app: Handler): void {
    if (!isShareableRequest(req)) {
      app(req, res);
      return;
    }
    const entry = lookup(req);
    if (entry) answer(req, res, entry);
    else if (req.method === "GET") missed(req, res, app);
    else app(req, res);
  }

  function missed(req: IncomingMessage, res: ServerResponse, app: Handler): void {
    const base = baseKey(req);
    const vary = varyOf.get(base);
    if (!vary) {
      // A page not yet known to be shareable is rendered for every request that asks for it.
      fill(req, res, app);
      return;
    }
    const key = keyOf(base, req, vary);
    const running = filling.get(key);
    if (running) {
      // This page is being rendered for another reader: wait for it, then answer from the cache.
      running.then(() => {
        const filled = lookup(req);
        if (filled) answer(req, res, filled);
        else app(req, res);
      });
      return;
    }
    filling.set(
      key,
      fill(req, res, app).finally(() => filling.delete(key)),
    );
  }

  return {
    handle,
    clear: () => {
      entries.clear();
      seenOnce.clear();
    },
    size: () => entries.size,
    /** Bytes held by the entries (bodies plus a fixed allowance each). */
    bytes: () => entries.calculatedSize,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** A weak validator for a rendered document: the same bytes, the same tag. */
export function documentEtag(body: string): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** True when the request's If-None-Match names this tag (or *). */
export function matchesIfNoneMatch(ifNoneMatch: string | null | undefined, etag: string): boolean {
  return Boolean(ifNoneMatch?.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*"));
}
