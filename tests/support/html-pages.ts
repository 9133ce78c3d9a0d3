// Every HTML document the browser tests receive from the site is kept, once per
// page shape, so that the run's global teardown can put them all through the
// W3C Nu Html Checker in one go (a Java start per page would cost minutes).
// Pages are keyed by their markup with text and
// per-request values (tokens, links, dates) left out: the same template with
// other data is checked once.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdir, open, readdir, readFile, rm } from "node:fs/promises";
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

/**
 * Runs the W3C Nu Html Checker (vnu.jar of the vnu-jar package, on Java) over
 * the kept pages, one Java start for all. The checker's CSS parser predates the
 * CSS Tailwind 4 writes (cascade layers, @property, color-mix), so its "CSS:"
 * messages are left out; every other error counts.
 */
export async function checkKeptPages(): Promise<{ pages: number; errors: string[] }> {
  const files = existsSync(HTML_PAGES_DIR)
    ? (await readdir(HTML_PAGES_DIR)).filter((name) => name.endsWith(".html")).sort()
    : [];
  if (!files.length) return { pages: 0, errors: [] };
  const kept = new Map<string, KeptPage>();
  for (const line of (await readFile(HTML_PAGES_INDEX, "utf8")).split("\n").filter(Boolean)) {
    const page = JSON.parse(line) as KeptPage;
    kept.set(page.file, page);
  }
  const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
  const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin/java") : "java";
  // The run's workers are done: one checker per core, each on a share of the pages.
  const batches = Math.max(1, Math.min(availableParallelism(), Math.ceil(files.length / 40)));
  const check = async (batch: string[]) => {
    const { stderr } = await promisify(execFile)(
      java,
      ["-Xss4m", "-XX:+UseSerialGC", "-jar", vnuJar, "--format", "json", "--exit-zero-always", ...batch],
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
  return { pages: files.length, errors };
}
