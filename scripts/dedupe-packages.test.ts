import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copiesOf, dedupePackages, nestedPackage } from "./dedupe-packages";

// The shape npm gave this project: an old version hoisted to the top by a dev tool, the version
// the app uses copied under each package that needs it.
const root = mkdtempSync(path.join(tmpdir(), "dedupe-packages-"));
const nodeModules = path.join(root, "node_modules");
function pkg(dir: string, name: string, version: string) {
  mkdirSync(path.join(dir, "dist"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, version }));
  writeFileSync(path.join(dir, "dist", "index.mjs"), "export {};\n");
}
pkg(path.join(nodeModules, "@radix-ui/react-slot"), "@radix-ui/react-slot", "1.2.3");
for (const outer of ["@radix-ui/react-tooltip", "@radix-ui/react-popper", "@radix-ui/react-arrow"]) {
  pkg(path.join(nodeModules, outer), outer, "1.0.0");
  pkg(path.join(nodeModules, outer, "node_modules/@radix-ui/react-slot"), "@radix-ui/react-slot", "1.5.0");
}
pkg(path.join(nodeModules, "old-thing"), "old-thing", "1.0.0");
pkg(path.join(nodeModules, "old-thing/node_modules/@radix-ui/react-slot"), "@radix-ui/react-slot", "1.4.0");
pkg(path.join(nodeModules, "plain"), "plain", "2.0.0");
pkg(path.join(nodeModules, "@radix-ui/react-tooltip/node_modules/plain"), "plain", "2.0.0");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const nested = (outer: string, name: string) => path.join(nodeModules, outer, "node_modules", name);

/** The plugin's resolveId with Vite's resolver standing in as `resolved`. */
async function resolve(resolved: string, importer = path.join(nodeModules, "@radix-ui/react-tooltip/dist/index.mjs")) {
  const plugin = dedupePackages(nodeModules);
  const hook = plugin.resolveId as (
    this: unknown,
    source: string,
    importer: string | undefined,
    options: object,
  ) => Promise<{ id: string } | null>;
  const context = { resolve: async () => ({ id: resolved, external: false }) };
  return (await hook.call(context, "@radix-ui/react-slot", importer, {}))?.id;
}

describe("nestedPackage", () => {
  it("finds a scoped package copied under another one, and the file inside it", () => {
    expect(nestedPackage(`${nested("@radix-ui/react-popper", "@radix-ui/react-slot")}/dist/index.mjs`)).toEqual({
      root: nested("@radix-ui/react-popper", "@radix-ui/react-slot"),
      name: "@radix-ui/react-slot",
      rest: "/dist/index.mjs",
    });
    expect(nestedPackage(`${nested("plain-outer", "plain")}/index.js?x`)?.name).toBe("plain");
  });

  it("leaves a top-level package and the app's own files alone", () => {
    expect(nestedPackage(path.join(nodeModules, "@radix-ui/react-slot/dist/index.mjs"))).toBeNull();
    expect(nestedPackage(path.join(root, "app/root.tsx"))).toBeNull();
  });
});

describe("copiesOf", () => {
  it("lists the top-level copy first, then the nested ones by path", () => {
    expect(copiesOf(nodeModules, "@radix-ui/react-slot")).toEqual([
      path.join(nodeModules, "@radix-ui/react-slot"),
      nested("@radix-ui/react-arrow", "@radix-ui/react-slot"),
      nested("@radix-ui/react-popper", "@radix-ui/react-slot"),
      nested("@radix-ui/react-tooltip", "@radix-ui/react-slot"),
      nested("old-thing", "@radix-ui/react-slot"),
    ]);
  });
});

describe("dedupePackages", () => {
  it("resolves every copy of one version to the same copy, whoever imports it", async () => {
    const one = `${nested("@radix-ui/react-arrow", "@radix-ui/react-slot")}/dist/index.mjs`;
    expect(await resolve(`${nested("@radix-ui/react-tooltip", "@radix-ui/react-slot")}/dist/index.mjs`)).toBe(one);
    expect(await resolve(`${nested("@radix-ui/react-popper", "@radix-ui/react-slot")}/dist/index.mjs`)).toBe(one);
    expect(await resolve(one)).toBe(one);
  });

  it("prefers the top-level copy when it is the same version", async () => {
    expect(await resolve(`${nested("@radix-ui/react-tooltip", "plain")}/dist/index.mjs`)).toBe(
      path.join(nodeModules, "plain/dist/index.mjs"),
    );
  });

  it("never swaps in another version", async () => {
    const own = `${nested("old-thing", "@radix-ui/react-slot")}/dist/index.mjs`;
    expect(await resolve(own)).toBe(own);
    const top = path.join(nodeModules, "@radix-ui/react-slot/dist/index.mjs");
    expect(await resolve(top)).toBe(top);
  });

  it("does not look at the app's own imports", async () => {
    expect(
      await resolve(path.join(nodeModules, "plain/dist/index.mjs"), path.join(root, "app/root.tsx")),
    ).toBeUndefined();
  });
});
