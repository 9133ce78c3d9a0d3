import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { isBusyError, prisma, retryWhileBusy } from "./db.server";

describe("retryWhileBusy", () => {
  let dir: string;
  let holder: Client;
  let writer: Client;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "hs-busy-"));
    const url = `file:${path.join(dir, "busy.db")}`;
    holder = createClient({ url });
    // As production runs it (scripts/migrate.ts).
    await holder.execute("PRAGMA journal_mode = WAL");
    await holder.execute("CREATE TABLE t (n INTEGER)");
    // No busy timeout: a locked database fails at once, as it would past the timeout.
    writer = createClient({ url, timeout: 0 });
  });

  afterEach(async () => {
    holder.close();
    writer.close();
    await rm(dir, { recursive: true, force: true });
  });

  test("a write that meets another connection's lock is retried, and committed once the lock goes", async () => {
    const lock = await holder.transaction("write");
    let attempts = 0;
    await retryWhileBusy(
      async () => {
        attempts++;
        // The other connection commits after this operation's first refusal.
        if (attempts === 2) await lock.commit();
        return writer.execute("INSERT INTO t VALUES (2)");
      },
      // What the app's client does after SQLITE_BUSY (see withBusyRetry).
      { recover: () => writer.reconnect() },
    );
    expect(attempts).toBe(2);
    // Committed: another connection sees it, and can take the write lock.
    expect((await holder.execute("SELECT n FROM t")).rows.map((r) => Number(r.n))).toEqual([2]);
    await (await holder.transaction("write")).commit();
  });

  test("libSQL keeps the next write on a connection that met SQLITE_BUSY uncommitted (why withBusyRetry reopens)", async () => {
    // When this fails, libSQL resets failed statements itself: the reopening can go (decision 008).
    const lock = await holder.transaction("write");
    const error = await writer.execute("INSERT INTO t VALUES (1)").catch((e: unknown) => e);
    expect(isBusyError(error)).toBe(true);
    await lock.commit();
    await writer.execute("INSERT INTO t VALUES (4)");
    expect((await holder.execute("SELECT n FROM t")).rows).toEqual([]);
  });

  test("gives up after the bounded number of attempts with the SQLITE_BUSY error", async () => {
    const lock = await holder.transaction("write");
    let attempts = 0;
    const error = await retryWhileBusy(
      async () => {
        attempts++;
        return writer.execute("INSERT INTO t VALUES (3)");
      },
      { retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 } },
    ).catch((e: unknown) => e);
    expect(isBusyError(error)).toBe(true);
    expect(attempts).toBe(3);
    await lock.rollback();
  });

  test("does not retry other errors", async () => {
    let attempts = 0;
    await expect(
      retryWhileBusy(async () => {
        attempts++;
        return writer.execute("INSERT INTO missing VALUES (1)");
      }),
    ).rejects.toThrow(/no such table/);
    expect(attempts).toBe(1);
  });
});

test("the app's transactions take the write lock when they begin", async () => {
  // BEGIN IMMEDIATE holds SQLite's RESERVED lock from the start: a second
  // connection cannot start writing until the transaction ends.
  const other = createClient({ url: process.env.DATABASE_URL as string, timeout: 0 });
  try {
    await prisma.$transaction(async (tx) => {
      await tx.keyValue.findMany({ take: 1 });
      const error = await other.execute("BEGIN IMMEDIATE").catch((e: unknown) => e);
      expect(isBusyError(error)).toBe(true);
    });
  } finally {
    other.close();
  }
});
