// The admin's "Sync now" starts the sync in the background and redirects at
// once (docs/decisions/021): tests that need its result wait until the sync
// page no longer offers "Refresh progress" (there only while a sync runs).
import type { HttpClient } from "./http-client.ts";

export async function waitForSyncToFinish(admin: HttpClient, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const page = await admin.get("/admin/wordpress-sync");
    if (page.status === 200 && !page.text.includes(">Refresh progress<")) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The content sync did not finish in time.");
}
