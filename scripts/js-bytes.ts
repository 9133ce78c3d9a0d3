// The JavaScript each page loads on a fast link, from the client build's
// manifest, reported per route in the build output and in the bench
// (docs/decisions/028): the entry with its imports, plus every route module of the
// page's chain (root, layouts, the page) with its imports, each file once.
// Lazy chunks (dialogs, popovers, the enhancement layer) are not counted: the
// page fetches them on demand. On slow-2g and Save-Data none of this is
// fetched before the load event and a first interaction (server/script-loading.ts).
//
//   node scripts/js-bytes.ts           after `react-router build && node scripts/compress-assets.ts`
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  hasDefaultExport?: boolean;
};
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export type RouteJs = {
  id: string;
  /** The route's URL pattern, e.g. /story/:slug. */
  path: string;
  files: number;
  bytes: number;
  brotliBytes: number;
};

/** The manifest React Router writes into build/client/assets/manifest-*.js. */
export function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "assets");
  const name = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!name) throw new Error(`no manifest-*.js in ${assets}: run the build first`);
  const text = readFileSync(path.join(assets, name), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return JSON.parse(json) as Manifest;
}

function sizesOf(clientDir: string) {
  const cache = new Map<string, { bytes: number; brotliBytes: number }>();
  return (url: string) => {
    const known = cache.get(url);
    if (known) return known;
    const file = path.join(clientDir, url);
    const body = readFileSync(file);
    // The precompressed copy the server sends (scripts/compress-assets.ts); a file without one goes as
    // it is (that script keeps a copy wherever it saves 32 bytes).
    const brotliBytes = existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : body.length;
    const size = { bytes: body.length, brotliBytes };
    cache.set(url, size);
    return size;
  };
}

/** The JavaScript of every page route (a route with a default export and no child index), heaviest first. */
export function jsBytesPerRoute(clientDir: string): RouteJs[] {
  const manifest = readManifest(clientDir);
  const size = sizesOf(clientDir);
  const routes = Object.values(manifest.routes);
  const chainOf = (route: ManifestRoute): ManifestRoute[] => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    return parent ? [...chainOf(parent), route] : [route];
  };
  const isParent = (route: ManifestRoute) => routes.some((r) => r.parentId === route.id);
  const rows: RouteJs[] = [];
  for (const route of routes) {
    if (!route.hasDefaultExport || isParent(route)) continue;
    const chain = chainOf(route);
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
    let bytes = 0;
    let brotliBytes = 0;
    for (const f of files) {
      const s = size(f);
      bytes += s.bytes;
      brotliBytes += s.brotliBytes;
    }
    const pattern = `/${chain
      .map((r) => r.path ?? "")
      .filter(Boolean)
      .join("/")}`.replace(/\/+/g, "/");
    rows.push({ id: route.id, path: pattern, files: files.size, bytes, brotliBytes });
  }
  return rows.sort((a, b) => b.brotliBytes - a.brotliBytes || a.path.localeCompare(b.path));
}

/** The row of the route serving `pathname` among `rows` (exact pattern match, `:param` matching one segment). */
export function routeFor(rows: RouteJs[], pathname: string): RouteJs | undefined {
  const segments = pathname.split("/").filter(Boolean);
  return rows.find((row) => {
    const pattern = row.path.split("/").filter(Boolean);
    return pattern.length === segments.length && pattern.every((p, i) => p.startsWith(":") || p === segments[i]);
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatTable(rows: RouteJs[]): string {
  const width = Math.max(...rows.map((r) => r.path.length), 5);
  const lines = rows.map(
    (r) =>
      `  ${r.path.padEnd(width)}  ${String(r.files).padStart(3)} files  ${kb(r.bytes).padStart(9)}  ${kb(r.brotliBytes).padStart(8)} brotli`,
  );
  return [
    `JavaScript per page on a fast link (slow-2g and Save-Data: none before the load event and an interaction):`,
    ...lines,
  ].join("\n");
}

if (import.meta.main) {
  const clientDir = path.resolve(import.meta.dirname, "../build/client");
  console.log(formatTable(jsBytesPerRoute(clientDir)));
}
