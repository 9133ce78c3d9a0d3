// The bytes a reader waits for before the story's first line (issue 45): the compressed bytes
// the production server sends, in the encoding it negotiated, up to the byte where the first
// heading of <main> starts, and the whole document's. A browser decodes a compressed stream as
// it arrives, so the figure is the shortest prefix of the bytes sent whose decoding already
// reaches `<h1`: not the size of the same text compressed on its own, which would be smaller
// (the encoder's block headers and the tables it chose for the whole block come first).
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { rawGet } from "./lib/reference.ts";

export type Encoding = "br" | "gzip";

export type FirstBytes = {
  /** The element counted: the first `<h1` inside <main>, else its first heading. */
  element: string;
  /** Uncompressed bytes before it, and of the whole document. */
  rawBefore: number;
  rawTotal: number;
  /** Compressed, as sent, per encoding: bytes needed to decode up to the element, and the whole body. */
  sent: Record<Encoding, { before: number; total: number }>;
};

/** Where the story's first line starts: the first `<h1` after `<main`, else the first heading after it. */
export function firstHeadingOffset(html: Buffer): { offset: number; element: string } {
  const main = html.indexOf("<main");
  if (main < 0) throw new Error("the document has no <main>");
  const h1 = html.indexOf("<h1", main);
  if (h1 >= 0) return { offset: h1, element: "h1" };
  const text = html.toString("latin1");
  const heading = /<h[2-6][\s>]/.exec(text.slice(main));
  if (!heading) throw new Error("no heading in <main>");
  return { offset: main + heading.index, element: heading[0].slice(1, 3) };
}

/** What a prefix of a compressed body decodes to, so far (a browser's view of the bytes received). */
export function decodePrefix(body: Buffer, encoding: Encoding): Buffer {
  try {
    return encoding === "br"
      ? brotliDecompressSync(body, { finishFlush: constants.BROTLI_OPERATION_FLUSH })
      : gunzipSync(body, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    // Too short to hold even the stream's header.
    return Buffer.alloc(0);
  }
}

/** The fewest leading bytes of `body` whose decoding holds the first `length` bytes of the document. */
export function bytesToDecode(body: Buffer, encoding: Encoding, length: number): number {
  let low = 0;
  let high = body.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (decodePrefix(body.subarray(0, mid), encoding).length >= length) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** One page as the production server sends it to a browser that accepts brotli, then gzip only. */
export async function measureFirstBytes(url: string, headers: Record<string, string> = {}): Promise<FirstBytes> {
  const sent = {} as FirstBytes["sent"];
  let html: Buffer | null = null;
  for (const encoding of ["br", "gzip"] as const) {
    const acceptEncoding = encoding === "br" ? "gzip, deflate, br, zstd" : "gzip, deflate";
    const response = await rawGet(url, { Accept: "text/html", ...headers, "Accept-Encoding": acceptEncoding });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const got = response.headers["content-encoding"];
    if (got !== encoding) throw new Error(`${url}: accepted ${acceptEncoding}, got ${String(got)}`);
    const decoded = decodePrefix(response.body, encoding);
    html ??= decoded;
    const { offset } = firstHeadingOffset(decoded);
    sent[encoding] = { before: bytesToDecode(response.body, encoding, offset + 1), total: response.body.length };
  }
  const document = html as Buffer;
  const { offset, element } = firstHeadingOffset(document);
  return { element, rawBefore: offset, rawTotal: document.length, sent };
}

export type DocumentPart = { part: string; raw: number; gzip: number };

/** The element from `open` (a unique start) to its closing tag, by counting that tag's nesting. */
function elementAt(html: string, open: string): string {
  const start = html.indexOf(open);
  if (start < 0) return "";
  const tag = /^<([a-z0-9]+)/i.exec(open)?.[1] ?? "";
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi");
  pattern.lastIndex = start;
  let depth = 0;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index + m[0].length);
  }
  return html.slice(start);
}

/** The served document split as issue 45's table: what it is made of, raw and `gzip -9` on its own. */
export function documentParts(html: string): DocumentPart[] {
  const size = (part: string, text: string): DocumentPart => ({
    part,
    raw: Buffer.byteLength(text),
    gzip: gzipSync(text, { level: 9 }).length,
  });
  const { offset } = firstHeadingOffset(Buffer.from(html));
  const before = Buffer.from(html).subarray(0, offset).toString();
  const all = (pattern: RegExp) => (html.match(pattern) ?? []).join("");
  const [head = "", body = ""] = html.split("</head>");
  const styles = (text: string) => (text.match(/<style[\s\S]*?<\/style>/g) ?? []).join("");
  return [
    size("whole document", html),
    size("everything before the first heading of <main>", before),
    size("inline <style> elements in <head>", styles(head)),
    size("inline <style> elements in <body>", styles(body)),
    size("sidebar markup (<aside id=site-sidebar>)", elementAt(html, '<aside id="site-sidebar"')),
    size("site header markup", elementAt(html, '<header class="site-header')),
    size("the story (<article>)", elementAt(html, "<article")),
    size("inline scripts", all(/<script(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g)),
  ];
}
