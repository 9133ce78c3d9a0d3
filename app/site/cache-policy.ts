// What a page says about caching, declared by the routes (their loaders' headers), and the one
// way to empty the page cache. The HTTP layer (server/http-cache.ts) keeps the cache and reads
// these headers; the app never imports the server. A response built for a session is made
// `private, no-store` whatever a route declares (app/auth/private-responses.server.ts).

/**
 * Anonymous story and list pages may be kept by shared caches for a short
 * while; anything a cookie may have changed (the theme, a session) is private.
 */
export function publicPageHeaders(request: Request): HeadersInit {
  if (request.headers.has("Cookie")) return { "Cache-Control": "private, no-cache", Vary: "Cookie" };
  return { "Cache-Control": "public, max-age=60, stale-while-revalidate=600", Vary: "Cookie" };
}

/** A page that shows one reader's own data (their library, profile): never stored by a shared cache. */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-cache" } as const;

// A change every page shows (the site palette, docs/decisions/019) empties the
// process's page cache at once instead of waiting for its entries to expire.
// Kept on globalThis: in development Vite loads the app's modules apart from
// server/app.ts, so the two would otherwise hold two registries.
const PURGE_HOOKS = Symbol.for("horror-stories.page-cache.purge");
function purgeHooks(): Set<() => void> {
  const g = globalThis as { [PURGE_HOOKS]?: Set<() => void> };
  g[PURGE_HOOKS] ??= new Set();
  return g[PURGE_HOOKS];
}

/** The server's page cache registers its clear() here (server/app.ts). */
export function onPurgePageCache(clear: () => void): void {
  purgeHooks().add(clear);
}

/** Empties the page cache of this process (other processes' entries expire within its max TTL). */
export function purgePageCache(): void {
  for (const clear of purgeHooks()) clear();
}
