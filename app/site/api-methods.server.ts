// Which methods each route of the JSON API takes, and one answer for the others, in the API's
// error shape (spec §8): a 405 that names the methods to use, with `Allow` (RFC 9110 §15.5.6), and
// a 404 for a path no route of the API has, whatever its method. A route says which methods it
// takes by what its module exports, read from the server build: a loader takes GET and HEAD; an
// action takes POST, or the methods its `handle` names (`actionMethods`, e.g. PUT and DELETE on
// /api/bookmarks). OPTIONS is no method of the API (it answers no CORS preflight): 405 too.
//
// Without this, React Router answered a POST to a GET-only route 405 "Unexpected Server Error"
// with no `Allow` (and logged its stack), a POST to an unknown API path 405, and every action
// took PUT or PATCH as if it were POST (a PUT to /api/auth/login signed in).
//
// It runs after the CSRF check (app/root.tsx): a request without its proof is refused 403 first,
// whatever its method, as the CSRF matrix (tests/reliability/csrf.spec.ts) expects.
import type { MiddlewareFunction, ServerBuild } from "react-router";
import { jsonError, methodNotAllowed } from "~/utils/api-errors";
import { serverRoutesContext } from "~/utils/request-context";
import { isApiPath } from "./request-kind";

export type ApiActionMethod = "POST" | "PUT" | "PATCH" | "DELETE";

/** What the `handle` of an /api/ route module may say: the methods its action takes (POST when unsaid). */
export type ApiRouteHandle = { actionMethods: readonly ApiActionMethod[] };

/** The methods a route takes, in `Allow`'s order; "not found" for the API's splat route (no resource is there). */
export type ApiRouteMethods = readonly string[] | "not found";

export const API_NOT_FOUND = "No route of the API has this address.";

type Routes = ServerBuild["routes"];

/** A route's pattern as React Router names it to middleware: its path and its parents', joined. */
function patternOf(routes: Routes, id: string): string {
  const paths: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) paths.unshift(route.path);
  }
  return normalise(paths.join("/"));
}

const normalise = (pattern: string) => `/${pattern.replace(/\/{2,}/g, "/").replace(/^\/|\/$/g, "")}`;

function actionMethods(handle: unknown): readonly ApiActionMethod[] {
  const declared = (handle as Partial<ApiRouteHandle> | undefined)?.actionMethods;
  return declared?.length ? declared : ["POST"];
}

/** The methods of every /api/ route of a build, by pattern. */
export function apiRouteMethods(routes: Routes): Map<string, ApiRouteMethods> {
  const table = new Map<string, ApiRouteMethods>();
  for (const id of Object.keys(routes)) {
    const route = routes[id];
    const pattern = patternOf(routes, id);
    if (!route || !isApiPath(pattern)) continue;
    if (pattern.endsWith("*")) {
      table.set(pattern, "not found");
      continue;
    }
    const { loader, action, handle } = route.module;
    table.set(pattern, [...(loader ? ["GET", "HEAD"] : []), ...(action ? actionMethods(handle) : [])]);
  }
  return table;
}

/** The answer to `method` on a route that takes `methods`, or null when it takes it. */
export function refusal(methods: ApiRouteMethods, method: string): Response | null {
  if (methods === "not found") return jsonError(API_NOT_FOUND, 404);
  return methods.includes(method.toUpperCase()) ? null : methodNotAllowed(methods);
}

/** The table of each build (development reloads it; production loads it once). */
const tables = new WeakMap<Routes, Map<string, ApiRouteMethods>>();

/** Root middleware, after the CSRF check: a method a route of the API does not take is answered here. */
export const apiMethodsMiddleware: MiddlewareFunction<Response> = async ({ request, pattern, context }, next) => {
  const serverRoutes = context.get(serverRoutesContext);
  if (!serverRoutes || !isApiPath(new URL(request.url).pathname)) return next();
  const routes = await serverRoutes();
  let table = tables.get(routes);
  if (!table) {
    table = apiRouteMethods(routes);
    tables.set(routes, table);
  }
  const methods = table.get(normalise(pattern));
  return (methods && refusal(methods, request.method)) ?? next();
};
