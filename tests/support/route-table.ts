// The site's routes as the suites see them, read from app/routes.ts (the one
// explicit route table): every entry with its full path, id and module, and
// whether the module exports an action or a loader. The authorisation, CSRF
// and hostile-input matrices are built from this list, so a new route with an
// action (or a new admin page) shows up in them without anyone remembering to.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";

const appDir = path.resolve(import.meta.dirname, "../../app");

export type RouteEntry = {
  /** React Router's route id: the given id, else the module path without its extension. */
  id: string;
  /** The full URL path, e.g. "/admin/wordpress-sync", "/story/:slug", "/" for the home index. */
  path: string;
  /** The module, relative to app/. */
  file: string;
  hasAction: boolean;
  hasLoader: boolean;
  /** Layouts (no path of their own) are listed too, for completeness. */
  isLayout: boolean;
};

const exportsName = (source: string, name: string) =>
  new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+(const|let)\\s+${name}\\b`).test(source) ||
  new RegExp(`export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(source);

function walk(entries: RouteConfigEntry[], parentPath: string, out: RouteEntry[]) {
  for (const entry of entries) {
    const joined = entry.path === undefined ? parentPath : `${parentPath.replace(/\/$/, "")}/${entry.path}`;
    const fullPath = joined === "" ? "/" : joined;
    const source = readFileSync(path.join(appDir, entry.file), "utf8");
    out.push({
      id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""),
      path: fullPath,
      file: entry.file,
      hasAction: exportsName(source, "action"),
      hasLoader: exportsName(source, "loader"),
      isLayout: entry.path === undefined && !entry.index,
    });
    if (entry.children) walk(entry.children, joined, out);
  }
}

/** Every entry of app/routes.ts, layouts included, in table order. */
export function routeTable(): RouteEntry[] {
  const out: RouteEntry[] = [];
  walk(routes as RouteConfigEntry[], "", out);
  return out;
}

/** Routes a URL leads to (no layouts). */
export const pageRoutes = () => routeTable().filter((r) => !r.isLayout);

/** Everything under /admin: each must be refused to anonymous readers and non-admins. */
export const adminRoutes = () => pageRoutes().filter((r) => r.path === "/admin" || r.path.startsWith("/admin/"));

/** Every route that takes a POST (its module has an action). */
export const actionRoutes = () => pageRoutes().filter((r) => r.hasAction);

/** The JSON API. */
export const apiRoutes = () => pageRoutes().filter((r) => r.path.startsWith("/api/"));

/** A concrete URL for a path with parameters, e.g. /story/:slug -> /story/bread-and-salt. */
export function fillPath(routePath: string, params: Record<string, string>): string {
  return routePath.replace(/:([A-Za-z0-9_]+)\??/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${routePath}`);
    return encodeURIComponent(value);
  });
}
