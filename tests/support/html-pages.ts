// Every HTML document the browser tests receive from the site is kept, once per
// page shape, and put through the W3C Nu Html Checker (a Java start per page would
// cost minutes). The checker runs as a service for the whole run, started by the
// global set-up at the lowest CPU priority: it reads the kept pages while the
// browser tests run, on the CPU they leave idle (waits on timers, on the network,
// on servers starting). tests/html-check, once the browser projects are done, and
// the run's global teardown check what is left and report every error.
// Pages are keyed by their markup with text and
// per-request values (tokens, links, dates) left out: the same template with
// other data is checked once.
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdir, open, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { BrowserContext, Response } from "@playwright/test";
import { LOW_PRIORITY, normalPriority } from "../../scripts/low-priority.ts";
import { freePort } from "./ports.ts";

/** One folder per port base, so two suites at once never mix their pages. */
export const HTML_PAGES_DIR = path.resolve(
  import.meta.dirname,
  "../.data/html-pages",
  process.env.E2E_PORT_BASE ?? "3210",
);
/** One JSON line per kept page: { file, url, status, test }. */
export const HTML_PAGES_INDEX = path.join(HTML_PAGES_DIR, "index.jsonl");

export type KeptPage = { file: string; url: string; status: number; test: string };

/** Empties the folder at the start of a run (playwright's global setup). */
export async function resetHtmlPages() {
  await rm(HTML_PAGES_DIR, { recursive: true, force: true });
  await mkdir(HTML_PAGES_DIR, { recursive: true });
}

/** Values that change with every request or reader, and text: not part of a page's shape. */
function shapeOf(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "<script>")
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "<style>")
    .replace(
      /\s(value|content|href|src|srcset|action|datetime|nonce|integrity|title|alt|id|for|class|d|aria-[a-z]+|data-[a-z-]+)="[^"]*"/gi,
      " $1",
    )
    .replace(/\s(checked|selected|disabled|open)(="")?(?=[\s/>])/gi, "")
    .replace(/>[^<]+</g, "><");
}

/**
 * Keeps the site's HTML documents that `context` receives. The site is told
 * apart from the WordPress-shaped and OpenID servers by its Content-Security-Policy.
 */
export function keepHtmlPages(context: BrowserContext, testTitle: () => string, pending: Set<Promise<void>>) {
  context.on("response", (response) => {
    const job = keep(response, testTitle()).catch(() => {
      // A page closed before its body was read: nothing to check.
    });
    pending.add(job);
    void job.finally(() => pending.delete(job));
  });
}

async function keep(response: Response, test: string) {
  const request = response.request();
  if (request.resourceType() !== "document") return;
  const status = response.status();
  if (status >= 300 && status < 400) return;
  const headers = await response.allHeaders();
  if (!headers["content-type"]?.startsWith("text/html") || !headers["content-security-policy"]) return;
  const html = await response.text();
  const key = createHash("sha1").update(shapeOf(html)).digest("hex").slice(0, 16);
  const file = `${key}.html`;
  // "wx" fails when the shape is already kept: the first page of each shape wins.
  const handle = await open(path.join(HTML_PAGES_DIR, file), "wx").catch(() => null);
  if (!handle) return;
  try {
    await handle.writeFile(html);
  } finally {
    await handle.close();
  }
  const line: KeptPage = { file, url: response.url(), status, test };
  await appendFile(HTML_PAGES_INDEX, `${JSON.stringify(line)}\n`);
}

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
};

/** The kept pages already checked in this run, one file name a line. */
const CHECKED_INDEX = path.join(HTML_PAGES_DIR, "checked.txt");
/** The HTML errors those checks found, one JSON string a line. */
const ERRORS_INDEX = path.join(HTML_PAGES_DIR, "errors.jsonl");
/** The checker service of this run, when one runs: { url, pid }. */
const SERVICE_FILE = path.join(HTML_PAGES_DIR, "service.json");
/** Held (a directory: its creation is atomic) by whichever process is checking pages. */
const LOCK = path.join(HTML_PAGES_DIR, "checking.lock");

const lines = async (file: string) =>
  existsSync(file) ? (await readFile(file, "utf8")).split("\n").filter(Boolean) : [];

const vnuJar = () => String(createRequire(import.meta.url)("vnu-jar"));
const javaCommand = () => (process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin/java") : "java");
const NO_JAVA =
  "The HTML check needs Java: install it (Debian: apt-get install default-jre-headless) or set JAVA_HOME.";

type Service = { url: string; pid: number };

/**
 * Starts the checker as an HTTP service (vnu.jar's servlet) at the lowest CPU priority, for the
 * run's global set-up: it checks pages as the tests keep them, on idle CPU. Returns how to stop it.
 */
export async function startCheckerService(): Promise<() => Promise<void>> {
  const port = await freePort();
  const [command, ...args] = [
    ...LOW_PRIORITY,
    javaCommand(),
    "-Xss4m",
    "-cp",
    vnuJar(),
    "-Dnu.validator.servlet.bind-address=127.0.0.1",
    "nu.validator.servlet.Main",
    String(port),
  ];
  const child = spawn(command as string, args, { stdio: "ignore" });
  // However the run ends, the service ends with it.
  const kill = () => child.kill();
  process.once("exit", kill);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", () => resolve());
  });
  const stop = async () => {
    process.off("exit", kill);
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) throw new Error(NO_JAVA);
    const up = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error("The Nu Html Checker service did not start in 60 s.");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await writeFile(SERVICE_FILE, JSON.stringify({ url, pid: child.pid } satisfies Service));
  return stop;
}

async function runningService(): Promise<Service | null> {
  if (!existsSync(SERVICE_FILE)) return null;
  return JSON.parse(await readFile(SERVICE_FILE, "utf8")) as Service;
}

/**
 * The checker service, if this run has one, at the normal CPU priority from now on: for the checks
 * that the run waits for (tests/html-check and the global teardown), which the stress tests beside
 * them would otherwise leave without a core.
 */
export async function prioritiseChecker() {
  const service = await runningService();
  if (service) normalPriority(service.pid);
}

/** Runs `work` while no other process of the run checks pages (the set-up's rounds, the html test). */
async function exclusively<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    const got = await mkdir(LOCK).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
        return false;
      },
    );
    if (got) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    return await work();
  } finally {
    await rmdir(LOCK);
  }
}

/**
 * Runs the W3C Nu Html Checker (vnu.jar of the vnu-jar package, on Java) over the kept pages that
 * no check of this run has read yet (at most `limit` of them), on the run's checker service when
 * there is one and otherwise with one Java start per core, and returns every page kept and every
 * error found in this run, these and earlier checks' (so a retried check still fails). The
 * checker's CSS parser predates the CSS Tailwind 4 writes (cascade layers, @property,
 * color-mix), so its "CSS:" messages are left out; every other error counts.
 */
export async function checkKeptPages(limit = Number.POSITIVE_INFINITY): Promise<{ pages: number; errors: string[] }> {
  return exclusively(async () => {
    const kept = new Map<string, KeptPage>();
    for (const line of await lines(HTML_PAGES_INDEX)) {
      const page = JSON.parse(line) as KeptPage;
      kept.set(page.file, page);
    }
    const checked = new Set(await lines(CHECKED_INDEX));
    const files = [...kept.keys()]
      .filter((file) => !checked.has(file))
      .sort()
      .slice(0, limit);
    if (files.length) {
      const service = await runningService();
      const messages = service ? await askService(service, files) : await runChecker(files);
      const errors = toErrors(messages, kept);
      await appendFile(ERRORS_INDEX, errors.map((e) => `${JSON.stringify(e)}\n`).join(""));
      await appendFile(CHECKED_INDEX, files.map((file) => `${file}\n`).join(""));
    }
    return { pages: kept.size, errors: (await lines(ERRORS_INDEX)).map((line) => JSON.parse(line) as string) };
  });
}

/** Each page to the service, two at a time (it answers requests in threads of its own). */
async function askService(service: Service, files: string[]): Promise<VnuMessage[]> {
  const messages: VnuMessage[] = [];
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const reply = await fetch(`${service.url}?out=json`, {
        method: "POST",
        headers: { "Content-Type": "text/html; charset=utf-8" },
        body: await readFile(path.join(HTML_PAGES_DIR, file)),
      });
      if (!reply.ok) throw new Error(`The Nu Html Checker service answered ${reply.status} for ${file}.`);
      const body = (await reply.json()) as { messages: VnuMessage[] };
      for (const message of body.messages) messages.push({ ...message, url: file });
    }
  };
  await Promise.all([worker(), worker()]);
  return messages;
}

async function runChecker(files: string[]): Promise<VnuMessage[]> {
  // One checker per core, each on a share of the pages.
  const batches = Math.max(1, Math.min(availableParallelism(), Math.ceil(files.length / 40)));
  const check = async (batch: string[]) => {
    const { stderr } = await promisify(execFile)(
      javaCommand(),
      ["-Xss4m", "-XX:+UseSerialGC", "-jar", vnuJar(), "--format", "json", "--exit-zero-always", ...batch],
      { cwd: HTML_PAGES_DIR, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") throw new Error(NO_JAVA);
      throw error;
    });
    return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
  };
  return (
    await Promise.all(Array.from({ length: batches }, (_, i) => check(files.filter((_, n) => n % batches === i))))
  ).flat();
}

/** The errors among the checker's messages, each with the page's address, the test that kept it and the line. */
function toErrors(messages: VnuMessage[], kept: Map<string, KeptPage>): string[] {
  return messages
    .filter((m) => (m.type === "error" || m.subType === "fatal") && !m.message.startsWith("CSS:"))
    .map((m) => {
      const file = path.basename(decodeURIComponent(m.url ?? ""));
      const page = kept.get(file);
      const where = page ? `${page.url} (${page.status}; ${page.test})` : file;
      const extract = (m.extract ?? "").replace(/\s+/g, " ").trim().slice(0, 160);
      return `- ${where}, line ${m.lastLine}: ${m.message}\n    ${extract}\n    kept as ${path.join(HTML_PAGES_DIR, file)}`;
    });
}
