// `--trace-loads`: which packages of the image's node_modules a real run loads (docs/decisions/041).
// Every Node process of the containers (the migrations, the seed, the server, `npm run sync`)
// starts with a module hook (NODE_OPTIONS=--import) that appends each file it resolves under
// /app/node_modules to a file on the volume; the report compares them with what the image holds.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { exec } from "./podman.ts";

const LOG = "/data/loaded-modules.txt";
const HOOK = `import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    if (result.url.includes("/app/node_modules/")) appendFileSync(${JSON.stringify(LOG)}, result.url + "\\n");
    return result;
  },
});
`;

/** Writes the hook into `dir`; the container options that load it. */
export function traceLoadsSetup(dir: string): { env: Record<string, string>; mounts: string[] } {
  const file = path.join(dir, "trace-loads.mjs");
  writeFileSync(file, HOOK);
  return { env: { NODE_OPTIONS: "--import /trace/trace-loads.mjs" }, mounts: [`${file}:/trace/trace-loads.mjs:ro`] };
}

/** The package (its folder under node_modules, nested ones included) a file belongs to. */
export function packageOf(file: string): string | undefined {
  return file.match(/\/app\/(node_modules\/(?:.*\/node_modules\/)?(?:@[^/]+\/)?[^/]+)\//)?.[1];
}

/** Bytes of each package of the image, without the packages nested in it. */
function imagePackages(container: string): Map<string, number> {
  const files = exec(container, ["find", "/app/node_modules", "-type", "f", "-printf", "%s %p\\n"]).stdout;
  const sizes = new Map<string, number>();
  for (const line of files.split("\n")) {
    const space = line.indexOf(" ");
    const name = packageOf(line.slice(space + 1));
    if (name) sizes.set(name, (sizes.get(name) ?? 0) + Number(line.slice(0, space)));
  }
  return sizes;
}

export function traceLoadsReport(container: string): string {
  const loaded = new Set(
    exec(container, ["cat", LOG])
      .stdout.split("\n")
      .map((url) => packageOf(decodeURIComponent(url)))
      .filter((name): name is string => Boolean(name)),
  );
  const sizes = imagePackages(container);
  const ownSize = (name: string) => sizes.get(name) ?? 0;
  const unused = [...sizes.keys()].filter((name) => !loaded.has(name)).sort((a, b) => ownSize(b) - ownSize(a));
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const sum = (names: string[]) => names.reduce((total, name) => total + ownSize(name), 0);
  return [
    `${loaded.size} of ${sizes.size} packages loaded (${mb(sum([...loaded]))}); not loaded: ${unused.length} (${mb(sum(unused))})`,
    ...unused
      .slice(0, 15)
      .map((name) => `    ${mb(ownSize(name)).padStart(8)}  ${name.replace(/^node_modules\//, "")}`),
  ].join("\n");
}
