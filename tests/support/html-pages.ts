// Every HTML document the browser tests receive from the site is kept, once per
// page shape, so that they can all be put through the W3C Nu Html Checker in one
// go once the browser tests are done (a Java start per page would cost minutes):
// by tests/html-check in a full run, beside the load smoke test, and by the run's
// global teardown for whatever is left (a targeted run).
// Pages are keyed by their markup with text and
// per-request values (tokens, links, dates) left out: the same template with
// other data is checked once.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdir, open, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { BrowserContext, Response } from "@playwright/test";

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
  await keepHtmlDocument(await response.text(), response.url(), status, test);
}

/**
 * Keeps an HTML document the site made that the browser did not open as a page (a download:
 * the single-file story of docs/decisions/042), to be checked with the pages.
 */
export async function keepHtmlDocument(html: string, url: string, status: number, test: string) {
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
  const line: KeptPage = { file, url, status, test };
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

const lines = async (file: string) =>
  existsSync(file) ? (await readFile(file, "utf8")).split("\n").filter(Boolean) : [];

/**
 * Runs the W3C Nu Html Checker (vnu.jar of the vnu-jar package, on Java) over
 * the kept pages that no check of this run has read yet, one Java start for all,
 * and returns every page kept and every error found in this run, these and earlier
 * checks' (so a retried check still fails). The checker's CSS parser predates the
 * CSS Tailwind 4 writes (cascade layers, @property, color-mix), so its "CSS:"
 * messages are left out; every other error counts.
 */
export async function checkKeptPages(): Promise<{ pages: number; errors: string[] }> {
  const kept = new Map<string, KeptPage>();
  for (const line of await lines(HTML_PAGES_INDEX)) {
    const page = JSON.parse(line) as KeptPage;
    kept.set(page.file, page);
  }
  const checked = new Set(await lines(CHECKED_INDEX));
  const files = [...kept.keys()].filter((file) => !checked.has(file)).sort();
  if (files.length) {
    const errors = await runChecker(files, kept);
    await appendFile(ERRORS_INDEX, errors.map((e) => `${JSON.stringify(e)}\n`).join(""));
    await appendFile(CHECKED_INDEX, files.map((file) => `${file}\n`).join(""));
  }
  return { pages: kept.size, errors: (await lines(ERRORS_INDEX)).map((line) => JSON.parse(line) as string) };
}

async function runChecker(files: string[], kept: Map<string, KeptPage>): Promise<string[]> {
  const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
  const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin/java") : "java";
  // After the browser tests: one checker per core, each on a share of the pages.
  const batches = Math.max(1, Math.min(availableParallelism(), Math.ceil(files.length / 40)));
  // The client compiler only (TieredStopAtLevel=1): a checker runs for seconds, not long enough
  // for the optimising compiler to pay for itself. Half the CPU (16 s of it on 208 pages, 9 s
  // without), about the same wall time, and the same messages, byte for byte (docs/decisions/026).
  const check = async (batch: string[]) => {
    const { stderr } = await promisify(execFile)(
      java,
      [
        "-Xss4m",
        "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1",
        "-jar",
        vnuJar,
        "--format",
        "json",
        "--exit-zero-always",
        ...batch,
      ],
      { cwd: HTML_PAGES_DIR, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        throw new Error(
          "The HTML check needs Java: install it (Debian: apt-get install default-jre-headless) or set JAVA_HOME.",
        );
      }
      throw error;
    });
    return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
  };
  const messages = (
    await Promise.all(Array.from({ length: batches }, (_, i) => check(files.filter((_, n) => n % batches === i))))
  ).flat();
  const errors = messages
    .filter((m) => (m.type === "error" || m.subType === "fatal") && !m.message.startsWith("CSS:"))
    .map((m) => {
      const file = path.basename(decodeURIComponent(m.url ?? ""));
      const page = kept.get(file);
      const where = page ? `${page.url} (${page.status}; ${page.test})` : file;
      const extract = (m.extract ?? "").replace(/\s+/g, " ").trim().slice(0, 160);
      return `- ${where}, line ${m.lastLine}: ${m.message}\n    ${extract}\n    kept as ${path.join(HTML_PAGES_DIR, file)}`;
    });
  return errors;
}
