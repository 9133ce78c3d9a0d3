// The first bytes of the reading pages (issue 45, bench/first-bytes.ts): the compressed bytes the
// server sends before the story's first line, and the whole document, per page and JavaScript
// mode, measured in part 5 (bench/wire.ts).
import type { WireResult } from "../wire.ts";
import { fmt, type Table } from "./format.ts";
import { type Target, target } from "./stats.ts";

export const FIRST_BYTES_LIMITS = {
  /** Bytes before the first heading of <main>, compressed as sent (brotli and gzip). */
  beforeHeadingBytes: 3 * 1024,
  /** The whole document, compressed as sent: the first TCP congestion window (docs/decisions/003). */
  documentBytes: 14 * 1024,
};

const MODES = [
  ["jsOn", "on"],
  ["jsOff", "off"],
] as const;

export function firstBytesTargets(wire: WireResult): Target[] {
  return wire.pages.flatMap((page) => {
    const runs = MODES.map(([key]) => page[key].firstBytes);
    const before = Math.max(...runs.flatMap((f) => [f.sent.br.before, f.sent.gzip.before]));
    const total = Math.max(...runs.flatMap((f) => [f.sent.br.total, f.sent.gzip.total]));
    const element = runs[0]?.element ?? "h1";
    return [
      target(
        `first-bytes-${page.path}`,
        `${page.path}: compressed bytes before the first <${element}> of <main> (brotli and gzip as served, JS on and off)`,
        before,
        "at most",
        FIRST_BYTES_LIMITS.beforeHeadingBytes,
        "B",
      ),
      target(
        `document-bytes-${page.path}`,
        `${page.path}: the whole document compressed (brotli and gzip as served, JS on and off)`,
        total,
        "at most",
        FIRST_BYTES_LIMITS.documentBytes,
        "B",
      ),
    ];
  });
}

export function firstBytesSection(wire: WireResult): { title: string; table: Table } {
  return {
    title:
      "The story's first line: compressed bytes the server sends before the first heading of <main>, and the whole document (the document asked for again with each load's request headers; the server sends the same document with JavaScript on and off)",
    table: [
      [
        "page",
        "JS",
        "counted",
        "before it, brotli",
        "before it, gzip",
        "before it, raw",
        "document, brotli",
        "document, gzip",
        "document, raw",
      ],
      ...wire.pages.flatMap((p) =>
        MODES.map(([key, mode]) => {
          const f = p[key].firstBytes;
          return [
            p.path,
            mode,
            `<${f.element}>`,
            `${fmt(f.sent.br.before)} B`,
            `${fmt(f.sent.gzip.before)} B`,
            `${fmt(f.rawBefore)} B`,
            `${fmt(f.sent.br.total)} B`,
            `${fmt(f.sent.gzip.total)} B`,
            `${fmt(f.rawTotal)} B`,
          ];
        }),
      ),
    ],
  };
}
