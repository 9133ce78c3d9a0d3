// Reading what the analytics stored for one browser test (docs/decisions/023). Each test
// has a client address of its own (X-Test-Client), so its visitor hash is its
// own: the hash is remade here from the day's salt, as the site makes it
// (app/analytics/record.server.ts), and no other test's views are counted.
import { createHash } from "node:crypto";
import { queryE2eDb } from "./db";

/**
 * A reader's browser. Headless Chromium says "HeadlessChrome", which the site
 * rightly takes for a bot and never counts: the analytics tests present this.
 */
export const READER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

export type StoredView = { path: string; source: string; screenWidth: number | null; pageType: string };

/** This test's page views, oldest first ([] before the day's salt exists). */
export async function viewsOf(clientId: string, userAgent = READER_UA): Promise<StoredView[]> {
  const day = new Date().toISOString().slice(0, 10);
  const [salt] = await queryE2eDb<{ salt: string }>('SELECT "salt" FROM "AnalyticsSalt" WHERE "day" = ?', [day]);
  if (!salt) return [];
  const visitor = createHash("sha256").update(`${salt.salt}|${clientId}|${userAgent}`).digest("hex").slice(0, 32);
  return queryE2eDb<StoredView>(
    'SELECT "path", "source", "screenWidth", "pageType" FROM "PageView" WHERE "visitor" = ? ORDER BY "createdAt", "rowid"',
    [visitor],
  );
}
