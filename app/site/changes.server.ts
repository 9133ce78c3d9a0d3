// What one process changed that the others keep a copy of: each process keeps its own caches
// (the page cache, the maintenance memory, the palette, the content chain's remote answers), and
// a change mark in the database tells every process on it to drop them. A mark is a KeyValue row
// per scope ("change:admin", "change:content") whose value is new at every change; each process
// reads the marks every CHANGE_POLL_MS (one small query on either engine) and purges what a
// changed mark names. So an admin's change reaches every process within CHANGE_POLL_MS plus the
// page cache's second (docs/decisions/040).
import { randomUUID } from "node:crypto";
import type { prisma } from "~/db.server";
import { scheduleJob } from "./schedule.server";

/** "admin": any admin action (audit.server.ts marks it with its audit row); "content": a sync stored posts. */
export type ChangeScope = "admin" | "content";

const PREFIX = "change:";
/** How often a process reads the marks: a change shows everywhere within this and the page cache's 1 s. */
export const CHANGE_POLL_MS = 500;

type Db = Pick<typeof prisma, "keyValue">;

/** Marks a change; pass the transaction the change is written in, so the mark commits with it. */
export async function markChanged(db: Db, scope: ChangeScope): Promise<void> {
  const key = PREFIX + scope;
  const value = `${Date.now()}-${randomUUID()}`;
  await db.keyValue.upsert({ where: { key }, create: { key, value }, update: { value } });
}

/**
 * A reader of the marks: `check()` reads them once and calls the purges of the scopes whose mark
 * moved since the last check (the first check only learns where the marks stand).
 */
export function changeWatcher(db: Db, purges: Record<ChangeScope, () => void>) {
  let seen: Map<string, string> | null = null;
  return {
    async check(): Promise<ChangeScope[]> {
      const rows = await db.keyValue.findMany({
        where: { key: { startsWith: PREFIX } },
        select: { key: true, value: true },
      });
      const now = new Map(rows.map((row) => [row.key, row.value]));
      const before = seen;
      seen = now;
      if (!before) return [];
      const moved = (Object.keys(purges) as ChangeScope[]).filter(
        (scope) => now.get(PREFIX + scope) !== before.get(PREFIX + scope),
      );
      for (const scope of moved) purges[scope]();
      return moved;
    },
  };
}

/** Start-up job (server/startup.ts): this process follows the marks while it runs. */
export function watchChanges(db: Db, purges: Record<ChangeScope, () => void>): () => void {
  const watcher = changeWatcher(db, purges);
  let failing = false;
  const run = async () => {
    try {
      await watcher.check();
      failing = false;
    } catch (error) {
      // Said once per outage, not twice a second: the marks are read again at the next beat.
      if (!failing)
        console.error("[changes] could not read the change marks:", error instanceof Error ? error.message : error);
      failing = true;
    }
  };
  return scheduleJob({ name: "changes", everyMs: CHANGE_POLL_MS, firstAfterMs: 0, run });
}
