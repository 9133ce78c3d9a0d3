// A bounded on-disk cache for the image endpoint: files named by key, at most
// `maxBytes` in total; past it, the least recently used files go. Several
// server processes may share the directory: a file another process removed
// is simply a miss, and each process trims what it sees.
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";

export type DiskCache = {
  get(key: string): Promise<Buffer | null>;
  set(key: string, body: Buffer): Promise<void>;
  /** Bytes the cache holds as this process knows it. */
  size(): number;
};

const KEY = /^[a-z0-9][a-z0-9._-]{0,120}$/;

export function createDiskCache(dir: string, maxBytes: number): DiskCache {
  /** file → size, least recently used first (a Map keeps insertion order). */
  const entries = new Map<string, number>();
  let total = 0;
  let loaded: Promise<void> | null = null;

  function load() {
    loaded ??= (async () => {
      await mkdir(dir, { recursive: true });
      const names = (await readdir(dir)).filter((n) => KEY.test(n));
      const stats = await Promise.all(
        names.map((name) =>
          stat(path.join(dir, name)).then(
            (s) => ({ name, size: s.size, used: s.mtimeMs }),
            () => null,
          ),
        ),
      );
      for (const s of stats.filter((x) => x !== null).sort((a, b) => a.used - b.used)) {
        entries.set(s.name, s.size);
        total += s.size;
      }
    })();
    return loaded;
  }

  function forget(key: string) {
    const size = entries.get(key);
    if (size === undefined) return;
    entries.delete(key);
    total -= size;
  }

  async function trim() {
    for (const [key] of entries) {
      if (total <= maxBytes) break;
      forget(key);
      await unlink(path.join(dir, key)).catch(() => {});
    }
  }

  return {
    async get(key) {
      if (!KEY.test(key)) return null;
      await load();
      const file = path.join(dir, key);
      try {
        const body = await readFile(file);
        forget(key);
        entries.set(key, body.length);
        total += body.length;
        // The file's time is its last use, for the next process that loads the directory.
        const now = new Date();
        utimes(file, now, now).catch(() => {});
        return body;
      } catch {
        forget(key);
        return null;
      }
    },
    async set(key, body) {
      if (!KEY.test(key) || body.length > maxBytes) return;
      await load();
      // Written whole, then renamed: a reader never sees half a file.
      const temporary = path.join(dir, `.${key}.${process.pid}.${Date.now()}`);
      await writeFile(temporary, body);
      await rename(temporary, path.join(dir, key));
      forget(key);
      entries.set(key, body.length);
      total += body.length;
      await trim();
    },
    size: () => total,
  };
}
