// Every environment variable the server, its start script and its CLI scripts
// read is documented twice: in .env.example (what to copy) and in the README's
// configuration table. Found by reading the code, so a new variable cannot be
// added without them.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "vitest";
import { EnvSchema, OIDC_PROVIDER_VARIABLES } from "~/env.server";

const root = path.resolve(import.meta.dirname, "..");

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.(ts|tsx|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith(path.join("app", "generated")));
}

async function variablesReadByTheCode(): Promise<Set<string>> {
  const files = [
    ...(await sourceFiles("app")),
    ...(await sourceFiles("server")),
    "scripts/migrate.ts",
    "scripts/sync.ts",
    "prisma/seed.ts",
  ];
  const found = new Set<string>(Object.keys(EnvSchema.shape));
  for (const file of files) {
    const text = await readFile(path.join(root, file), "utf8");
    // process.env.X, and env.X of app/env.server.ts
    for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) found.add(match[1] as string);
  }
  const shell = await readFile(path.join(root, "scripts/docker-start.sh"), "utf8");
  for (const match of shell.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)) found.add(match[1] as string);
  return found;
}

test("the code reads at least the variables of app/env.server.ts and server/", async () => {
  const read = await variablesReadByTheCode();
  for (const name of ["DATABASE_URL", "SESSION_SECRET", "SERVER_BUILD_PATH", "SEED_DEMO_STORIES"]) {
    expect(read).toContain(name);
  }
});

test(".env.example lists every variable the code reads, and no other", async () => {
  const example = await readFile(path.join(root, ".env.example"), "utf8");
  // `NAME=value`, or `# NAME=value` for a variable that is best left unset.
  const listed = new Set([...example.matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string));
  expect([...listed].sort()).toEqual([...(await variablesReadByTheCode())].sort());
});

test("the README's configuration table lists every variable the code reads", async () => {
  const readme = await readFile(path.join(root, "README.md"), "utf8");
  const section = readme.slice(
    readme.indexOf("## Configuration"),
    readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1),
  );
  const documented = new Set(
    [...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) =>
      [...(m[1] as string).matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((n) => n[1] as string),
    ),
  );
  const missing = [...(await variablesReadByTheCode())].filter((name) => !documented.has(name));
  expect(missing).toEqual([]);
});

// The per-provider variables have a name made from the provider's id: both
// documents list them as OIDC_<ID>_NAME templates.
test("the per-provider OIDC_<ID>_* variables are documented in .env.example and the README", async () => {
  const example = await readFile(path.join(root, ".env.example"), "utf8");
  const readme = await readFile(path.join(root, "README.md"), "utf8");
  const table = readme.slice(
    readme.indexOf("## Configuration"),
    readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1),
  );
  for (const suffix of OIDC_PROVIDER_VARIABLES) {
    expect(example).toMatch(new RegExp(`^#\\s+OIDC_<ID>_${suffix}=`, "m"));
    expect(table).toMatch(new RegExp(`^\\| [^\\n]*\`OIDC_<ID>_${suffix}\``, "m"));
  }
});
