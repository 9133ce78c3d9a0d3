// The production image must hold everything its start script, `npm run sync`
// and `npm run db:migrate` load. The image test (tests/image/, as root in
// .ci/run) builds and runs it; this quick check of the Dockerfile's runtime
// stage runs in every `npm test`. Every file those entry points import
// (followed through relative imports), and the data they read, is copied into
// the image; every package they import is a production dependency (the image
// installs with --omit=dev).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFile(path.join(root, file), "utf8");

/** Paths (relative to WORKDIR /app) that a stage (by default the runtime, the image) copies in. */
async function copiedIntoImage(stage = "runtime"): Promise<string[]> {
  const dockerfile = await read("Dockerfile");
  const from = dockerfile.search(new RegExp(`^FROM .* AS ${stage}$`, "m"));
  expect(from, stage).toBeGreaterThanOrEqual(0);
  const next = dockerfile.slice(from + 1).search(/^FROM /m);
  const runtime = dockerfile.slice(from, next < 0 ? undefined : from + 1 + next);
  expect(runtime).toMatch(/^WORKDIR \/app$/m);
  const copied: string[] = [];
  for (const [, args = ""] of runtime.matchAll(/^COPY (.+)$/gm)) {
    const parts = args.split(/\s+/).filter((p) => !p.startsWith("--"));
    const dest = path.posix.normalize((parts.pop() as string).replace(/^\/app\/?/, "./"));
    const sources = parts.map((s) => s.replace(/^\/app\//, ""));
    if (sources.length === 1 && !dest.endsWith("/")) copied.push(dest.replace(/\/$/, ""));
    else for (const source of sources) copied.push(path.posix.join(dest, path.posix.basename(source)));
  }
  return copied.map((p) => p.replace(/^\.\//, ""));
}

function isCopied(file: string, copied: string[]) {
  return copied.some((p) => file === p || file.startsWith(`${p}/`));
}

/**
 * What only `node scripts/migrate.ts create` loads, a developer's command the image never runs: it
 * rewrites the PostgreSQL schema and replays the history into the test harness's PostgreSQL.
 */
const DEVELOPMENT_ONLY = new Set(["scripts/postgres-schema.ts", "tests/support/postgres.ts"]);

/** The files a script loads through relative imports (but those of `skip`), and the packages it imports. */
async function dependenciesOf(entries: string[], skip: ReadonlySet<string> = DEVELOPMENT_ONLY) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop() as string;
    if (files.has(file) || skip.has(file)) continue;
    files.add(file);
    const text = await read(file);
    // Statements at the start of a line (not examples in comments, nor `import type`, which is erased),
    // and import(), require() or require.resolve() of a literal.
    const specifiers = text.matchAll(
      /^(?:import|export)\b(?!\s+type\b)[^;"'`]*?\bfrom\s*["']([^"']+)["']|\b(?:import|require|require\.resolve)\(\s*["']([^"']+)["']\s*\)/gm,
    );
    for (const [, fromStatement, dynamic] of specifiers) {
      const spec = (fromStatement ?? dynamic) as string;
      if (spec.startsWith(".")) queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
      else if (!spec.startsWith("node:"))
        packages.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] as string));
    }
  }
  return { files, packages };
}

test("the image holds every file that start-up, migrations, the seed, `npm run sync` and `npm run backup` load", async () => {
  const copied = await copiedIntoImage();
  const start = await read("scripts/docker-start.sh");
  // What the start script runs with node, and what the npm scripts for sync and migrate run.
  const run = [...start.matchAll(/\bnode (?:--\S+ )*(\S+\.(?:ts|js))/g)].map((m) => m[1] as string);
  const pkg = JSON.parse(await read("package.json")) as {
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
  };
  for (const script of ["sync", "db:migrate", "backup", "start"]) {
    const file = pkg.scripts[script]?.match(/\bnode (?:--\S+ )*(\S+\.(?:ts|js))/)?.[1];
    expect(file, `npm run ${script}`).toBeDefined();
    run.push(file as string);
  }
  expect(run).toEqual(
    expect.arrayContaining([
      "scripts/migrate.ts",
      "prisma/seed.ts",
      "build/start.js",
      "scripts/sync.ts",
      "scripts/backup.ts",
    ]),
  );
  // build/start.js is server/index.ts without its types (scripts/compile-start.ts), and the build may
  // not exist yet: follow its source.
  const { files, packages } = await dependenciesOf(
    run.map((file) => (file === "build/start.js" ? "server/index.ts" : file)),
  );
  // Read at run time rather than imported.
  const data = [
    "scripts/docker-start.sh",
    "package.json",
    "prisma/schema/base.prisma",
    "prisma/postgres/schema/base.prisma",
    "prisma/migrations/migration_lock.toml",
    "prisma/demo-stories.json",
    "build/server/index.js",
    "build/start.js",
  ];
  const missing = [...files, ...data].filter((file) => !isCopied(file, copied) && file !== "server/index.ts");
  expect(missing).toEqual([]);
  for (const file of files) expect(existsSync(path.join(root, file)), file).toBe(true);
  expect(packages).toContain("@prisma/schema-engine-wasm");
  // server/index.ts loads Vite only for `--dev`, which the image never passes.
  const devOnly = new Set(["vite"]);
  const notProduction = [...packages].filter((name) => !(name in pkg.dependencies) && !devOnly.has(name));
  expect(notProduction).toEqual([]);
});

test("the install stage holds what `npm ci`'s postinstall (both clients' generation) loads", async () => {
  const copied = await copiedIntoImage("deps");
  // The install runs the PostgreSQL schema's check too: follow everything it loads.
  const { files } = await dependenciesOf(["scripts/prisma-generate.ts"], new Set());
  // The multi-file schema and its PostgreSQL copy are read as folders: every file of both must be there.
  const data = ["prisma.config.ts", "prisma/schema/base.prisma", "prisma/postgres/schema/base.prisma"];
  const missing = [...files, ...data].filter((file) => !isCopied(file, copied));
  expect(missing).toEqual([]);
});

test(".dockerignore keeps what the image copies from the project", async () => {
  const ignored = (await read(".dockerignore"))
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  for (const needed of [
    "prisma/migrations",
    "prisma/seed.ts",
    "scripts/migrate.ts",
    "scripts/sync.ts",
    "scripts/backup.ts",
  ]) {
    const hit = ignored.filter((pattern) => needed === pattern || needed.startsWith(`${pattern}/`));
    expect(hit, needed).toEqual([]);
  }
});
