import { createClient } from "@libsql/client";
import { suiteDatabaseFile } from "./scratch-dir.ts";

/** Reads the browser-test site's database directly, to check what a form stored. */
export async function queryE2eDb<T = Record<string, unknown>>(
  sql: string,
  args: (string | number)[] = [],
): Promise<T[]> {
  // The site writes meanwhile: wait for its lock rather than fail with SQLITE_BUSY.
  const client = createClient({ url: `file:${suiteDatabaseFile("e2e.db")}`, timeout: 10_000 });
  try {
    return (await client.execute({ sql, args })).rows as unknown as T[];
  } finally {
    client.close();
  }
}
