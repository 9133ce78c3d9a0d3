// Anonymous story and list pages may be kept by shared caches for a short
// while; anything a cookie may have changed (the theme, later a session) is
// private. entry.server.tsx adds the ETag and answers 304.
export function publicPageHeaders(request: Request): HeadersInit {
  if (request.headers.has("Cookie")) return { "Cache-Control": "private, no-cache", Vary: "Cookie" };
  return { "Cache-Control": "public, max-age=60, stale-while-revalidate=600", Vary: "Cookie" };
}
