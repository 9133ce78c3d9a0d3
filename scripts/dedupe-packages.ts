// One copy of each package version in the client build. npm hoists the first version of a
// package it meets to node_modules/ and gives every package that needs another version a copy of
// its own: prisma's studio (a dev tool, never in the browser) pulls old Radix primitives to the
// top, so the tooltip (Radix's until stop 60), the popover and each primitive under them (dismissable layer, focus scope,
// popper, portal, visually hidden, arrow) carried their own identical copy of react-slot 1.5.0,
// react-primitive 2.2.0 and compose-refs 1.1.5: six of each in the site layer, which every page
// loads. The bundler sees different files, so it keeps them all.
//
// This resolves every nested copy to one copy of the same name and version (the top-level one if
// it is that version, else the first nested one by path, so the choice is the same on every
// build). Same name and version on npm is the same published tarball. A different version is
// never touched. docs/decisions/043-the-story-first.md (2026-11-29, "JavaScript per route").
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** `.../node_modules/<outer>/node_modules/<name>/<rest>` → the nested package's root, name and rest. */
export function nestedPackage(file: string): { root: string; name: string; rest: string } | null {
  const match =
    /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+[\\/]node_modules[\\/])((?:@[^\\/]+[\\/])?[^\\/]+)([\\/].*)?$/.exec(
      file,
    );
  const [, parent, name, rest = ""] = match ?? [];
  if (parent === undefined || name === undefined) return null;
  return { root: parent + name, name: name.replaceAll("\\", "/"), rest };
}

function versionAt(root: string): string | null {
  const file = path.join(root, "package.json");
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? null;
}

/** Every copy of `name` at the top of `nodeModules` or one level down, the top one first, then by path. */
export function copiesOf(nodeModules: string, name: string): string[] {
  const copies: string[] = [];
  const top = path.join(nodeModules, name);
  if (existsSync(top)) copies.push(top);
  const outers: string[] = [];
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith(".")) continue;
    if (entry.startsWith("@")) {
      for (const scoped of readdirSync(path.join(nodeModules, entry)))
        outers.push(path.join(nodeModules, entry, scoped));
    } else outers.push(path.join(nodeModules, entry));
  }
  for (const outer of outers.sort()) {
    const nested = path.join(outer, "node_modules", name);
    if (existsSync(nested)) copies.push(nested);
  }
  return copies;
}

/** The copy every copy of `root`'s name and version resolves to, or `root` itself. */
function canonicalCopy(nodeModules: string, root: string, name: string, cache: Map<string, string>): string {
  const known = cache.get(root);
  if (known) return known;
  const version = versionAt(root);
  const same = version ? copiesOf(nodeModules, name).find((copy) => versionAt(copy) === version) : undefined;
  const canonical = same ?? root;
  cache.set(root, canonical);
  return canonical;
}

export function dedupePackages(nodeModules = path.resolve("node_modules")): Plugin {
  const cache = new Map<string, string>();
  return {
    name: "horror-stories:dedupe-packages",
    apply: "build",
    // Before Vite's own resolver, which would answer first and end the hook chain.
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!importer?.includes("node_modules")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const nested = nestedPackage(resolved.id);
      if (!nested?.root.startsWith(nodeModules)) return resolved;
      const canonical = canonicalCopy(nodeModules, nested.root, nested.name, cache);
      return canonical === nested.root ? resolved : { ...resolved, id: canonical + nested.rest };
    },
  };
}
