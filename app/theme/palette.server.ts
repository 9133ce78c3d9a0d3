// The saved site palette: one KeyValue row ("site:palette", JSON), read into an
// in-process cache so a page render costs no query. The cache is replaced when
// this process saves and re-read after PALETTE_CACHE_MS, so other processes on
// the same database show a change within that time (docs/decisions/019).

import { prisma } from "~/db.server";
import { type AuditActor, recordAdminAction } from "~/site/audit.server";
import { purgePageCache } from "~/site/cache-policy";
import { DEFAULT_PALETTE, failingPairs, type Palette, PaletteSchema, paletteCss } from "./palette";

export const PALETTE_KEY = "site:palette";
/** How long a process trusts its copy before reading the row again. */
export const PALETTE_CACHE_MS = 5_000;

type Cached = { palette: Palette; css: string; loadedAt: number };
let cached: Cached | null = null;
let loading: Promise<Cached> | null = null;

function entry(palette: Palette): Cached {
  return { palette, css: paletteCss(palette), loadedAt: Date.now() };
}

async function load(): Promise<Cached> {
  let row: { value: string } | null;
  try {
    row = await prisma.keyValue.findUnique({ where: { key: PALETTE_KEY } });
  } catch {
    // The database is away: pages that can be served without it (the content chain) still are,
    // in the palette last seen (or the default), and the row is read again after PALETTE_CACHE_MS.
    return { ...(cached ?? entry(DEFAULT_PALETTE)), loadedAt: Date.now() };
  }
  if (!row) return entry(DEFAULT_PALETTE);
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    value = null;
  }
  // A row that no longer fits the schema (or the contrast rules) is ignored, never shown half.
  const parsed = PaletteSchema.safeParse(value);
  if (!parsed.success || failingPairs(parsed.data).length > 0) return entry(DEFAULT_PALETTE);
  return entry(parsed.data);
}

async function current(): Promise<Cached> {
  if (cached && Date.now() - cached.loadedAt < PALETTE_CACHE_MS) return cached;
  loading ??= load()
    .then((value) => {
      cached = value;
      return value;
    })
    .finally(() => {
      loading = null;
    });
  // A stale copy answers while the new one loads: a render never waits on it.
  return cached ?? loading;
}

export async function getSitePalette(): Promise<Palette> {
  return (await current()).palette;
}

/** The <style> text the root layout puts in every document's head ("" for the default palette). */
export async function getPaletteCss(): Promise<string> {
  return (await current()).css;
}

/** For tests: forget the cached copy. */
export function resetPaletteCache(): void {
  cached = null;
}

/**
 * Saves a palette that passed the contrast check (the caller checks and shows
 * the failures), with its audit row in the same transaction; `null` goes back
 * to the default.
 */
export async function saveSitePalette(admin: AuditActor, palette: Palette | null): Promise<void> {
  const before = await getSitePalette();
  const after = palette ?? DEFAULT_PALETTE;
  if (failingPairs(after).length > 0) throw new Error("A palette that fails the contrast check is not saved.");
  await prisma.$transaction(async (tx) => {
    if (palette) {
      const value = JSON.stringify(palette);
      await tx.keyValue.upsert({ where: { key: PALETTE_KEY }, create: { key: PALETTE_KEY, value }, update: { value } });
    } else {
      await tx.keyValue.deleteMany({ where: { key: PALETTE_KEY } });
    }
    await recordAdminAction(tx, admin, {
      action: "palette.update",
      objectType: "palette",
      objectId: "site",
      before,
      after,
    });
  });
  cached = entry(after);
  purgePageCache();
}
