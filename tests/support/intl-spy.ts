// Loaded into a server with `--import` (tests/http/server-memory.spec.ts): writes a line to
// HS_INTL_SPY_FILE for every call of a JavaScript Intl formatter or a locale method that reads
// ICU's data, with where it was called from. The first such call in a process maps about 6 MB of
// ICU's data and code into it, for the rest of its life (docs/decisions/030, 2026-11-29 evening).
import { appendFileSync } from "node:fs";

const file = process.env.HS_INTL_SPY_FILE;

function note(name: string) {
  if (!file) return;
  const where = (new Error().stack ?? "").split("\n").slice(3, 6).join(" <");
  appendFileSync(file, `${name} ${where}\n`);
}

const intl = Intl as unknown as Record<string, unknown>;
for (const name of [
  "DateTimeFormat",
  "NumberFormat",
  "Collator",
  "PluralRules",
  "RelativeTimeFormat",
  "ListFormat",
  "DisplayNames",
]) {
  const original = intl[name];
  if (typeof original !== "function") continue;
  intl[name] = new Proxy(original, {
    construct(target, args, newTarget) {
      note(`Intl.${name}`);
      return Reflect.construct(target, args, newTarget);
    },
    apply(target, self, args) {
      note(`Intl.${name}`);
      return Reflect.apply(target, self, args);
    },
  });
}

const methods: [object, string, string[]][] = [
  [Date.prototype, "Date", ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]],
  [Number.prototype, "Number", ["toLocaleString"]],
  [BigInt.prototype, "BigInt", ["toLocaleString"]],
  [Array.prototype, "Array", ["toLocaleString"]],
];
for (const [prototype, owner, names] of methods) {
  for (const name of names) {
    const original = (prototype as Record<string, (...args: unknown[]) => unknown>)[name];
    if (!original) continue;
    Object.defineProperty(prototype, name, {
      value(this: unknown, ...args: unknown[]) {
        note(`${owner}.prototype.${name}`);
        return original.apply(this, args);
      },
      writable: true,
      configurable: true,
    });
  }
}
