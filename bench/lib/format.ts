// How the bench's reports write numbers (en-GB, "n/a" for what was not measured) and their tables.

/** Rows of a table: first row is the header. */
export type Table = string[][];

export const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "n/a";
/** Megabytes as the memory budget counts them (decision 030: 200 MB). */
export const MB = 1_000_000;
export const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
export const ms = (value: number) => `${fmt(value)} ms`;
