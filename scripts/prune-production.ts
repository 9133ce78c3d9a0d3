// The production image's node_modules without what the server never loads (docs/decisions/041).
//
//   node scripts/prune-production.ts <app dir>
//
// Run after `npm ci --omit=dev` in the Dockerfile: the install stays exactly the lockfile's, and
// this removes, by rule rather than by a list that would go stale:
// - packages that are there only because a production package names them as an *optional* peer:
//   `@prisma/client` names `prisma` and `typescript`, so npm keeps the Prisma CLI, its Studio, its
//   dev server, PGlite, `effect`, TypeScript and its native compiler, though nothing here imports
//   them (the lockfile's dependency graph from package.json's dependencies, following
//   dependencies, optional dependencies and required peers);
// - the Prisma client's query compilers for databases and variants that the generated client
//   (app/generated) does not import: one per provider, fast and small, each about 4 MB;
// - source maps and type declarations, which Node reads only with --enable-source-maps and
//   TypeScript only at compile time.
// It prints what it removed and what is left. The image test (tests/image/) runs migrations, the
// seed, the server, a sync, sharp and an OpenID sign-in from the pruned image.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

type LockPackage = {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

/** The lockfile's key of the package that `name` resolves to from `from`, as Node would find it. */
function resolve(packages: Record<string, LockPackage>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const up = base.lastIndexOf("/node_modules/");
    base = up === -1 ? "" : base.slice(0, up);
  }
}

/** The lockfile keys of every package production needs, without optional peers. */
export function productionClosure(packages: Record<string, LockPackage>): Set<string> {
  const root = packages[""] ?? {};
  const needed = new Set<string>();
  const queue: [string, string][] = Object.keys({ ...root.dependencies, ...root.optionalDependencies }).map((name) => [
    "",
    name,
  ]);
  while (queue.length) {
    const [from, name] = queue.pop() as [string, string];
    const key = resolve(packages, from, name);
    if (!key || needed.has(key)) continue;
    needed.add(key);
    const pkg = packages[key] as LockPackage;
    const peers = Object.keys(pkg.peerDependencies ?? {}).filter((peer) => !pkg.peerDependenciesMeta?.[peer]?.optional);
    for (const dep of [
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.optionalDependencies ?? {}),
      ...peers,
    ])
      queue.push([key, dep]);
  }
  return needed;
}

/** The query compilers (`<variant>_bg.<provider>`) that the generated client imports. */
export function usedQueryCompilers(generatedSource: string): Set<string> {
  return new Set([...generatedSource.matchAll(/query_compiler_(\w+_bg\.\w+)\./g)].map((m) => m[1] as string));
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

function sizeOf(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const file of filesUnder(target)) total += statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  return total;
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function main(appDir: string) {
  const nodeModules = path.join(appDir, "node_modules");
  const lock = JSON.parse(readFileSync(path.join(appDir, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockPackage>;
  };
  const before = sizeOf(nodeModules);
  const removed = { peers: 0, compilers: 0, mapsAndTypes: 0 };

  const needed = productionClosure(lock.packages);
  const unneeded = Object.keys(lock.packages)
    .filter((key) => key && !needed.has(key) && existsSync(path.join(appDir, key)))
    .sort();
  for (const key of unneeded) {
    const target = path.join(appDir, key);
    if (!existsSync(target)) continue; // inside one removed already
    removed.peers += sizeOf(target);
    rmSync(target, { recursive: true, force: true });
  }

  const generated = [...filesUnder(path.join(appDir, "app", "generated"))]
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
  const compilers = usedQueryCompilers(generated);
  if (compilers.size === 0) throw new Error("The generated client imports no query compiler: this rule needs a look.");
  const runtime = path.join(nodeModules, "@prisma", "client", "runtime");
  for (const file of readdirSync(runtime)) {
    const compiler = file.match(/^query_compiler_(\w+_bg\.\w+)\./)?.[1];
    if (compiler && !compilers.has(compiler)) {
      removed.compilers += sizeOf(path.join(runtime, file));
      rmSync(path.join(runtime, file));
    }
  }

  for (const file of filesUnder(nodeModules)) {
    if (/\.(?:map|d\.[cm]?ts)$/.test(file)) {
      removed.mapsAndTypes += sizeOf(file);
      rmSync(file);
    }
  }
  // Commands of removed packages.
  const bin = path.join(nodeModules, ".bin");
  for (const link of existsSync(bin) ? readdirSync(bin) : []) {
    if (!existsSync(path.join(bin, link))) rmSync(path.join(bin, link));
  }

  console.log(
    [
      `prune-production: node_modules ${megabytes(before)} -> ${megabytes(sizeOf(nodeModules))}`,
      `  optional peers nothing imports (${unneeded.length} packages): ${megabytes(removed.peers)}`,
      `  query compilers the generated client does not import (kept: ${[...compilers].join(", ")}): ${megabytes(removed.compilers)}`,
      `  source maps and type declarations: ${megabytes(removed.mapsAndTypes)}`,
    ].join("\n"),
  );
}

if (import.meta.main) main(path.resolve(process.argv[2] ?? "."));
