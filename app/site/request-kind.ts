// Which kind of request a path is, decided once for the HTTP layer, the middleware and the
// analytics: the JSON API answers errors as JSON with the spec's codes, pages answer HTML.

/** A path of the JSON API (`/api/...`). */
export const isApiPath = (pathname: string) => pathname.startsWith("/api/");
