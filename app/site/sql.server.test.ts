// The dialect fragments on the engine of this run: Vitest runs this file in the sqlite
// and the postgresql projects (vitest.config.ts), so each form is checked on its engine.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import type { Prisma } from "~/generated/prisma/client";
import {
  comparableTime,
  dayOfColumn,
  greatest,
  julian,
  mondayOfColumn,
  onPostgres,
  placeholders,
  serializeOn,
  timeParameter,
  timeValue,
  wordsWhere,
} from "./sql.server";

const SUNDAY_LATE = new Date("2026-11-29T23:30:00.000Z");

beforeEach(async () => {
  await prisma.syncRecord.deleteMany();
  await prisma.user.deleteMany();
  await prisma.syncRecord.create({
    data: {
      status: "success",
      type: "info",
      message: "Late on a Sunday",
      timestamp: SUNDAY_LATE,
      apiAvailable: true,
      retryCount: 0,
      syncTime: 1,
      postsCount: 0,
    },
  });
});

async function one<T>(sql: string, ...args: unknown[]): Promise<T> {
  const [row] = await prisma.$queryRawUnsafe<T[]>(placeholders(sql), ...args);
  return row as T;
}

it("runs on the engine DATABASE_URL names", () => {
  expect(onPostgres).toBe(env.DATABASE_URL.startsWith("postgres"));
});

describe("dates", () => {
  it("julian() gives the Julian day of a stored date", async () => {
    const row = await one<{ j: number }>(`SELECT ${julian('"timestamp"')} AS j FROM "SyncRecord"`);
    expect(Number(row.j)).toBeCloseTo(SUNDAY_LATE.getTime() / 86_400_000 + 2440587.5, 6);
  });

  it("dayOfColumn() is the UTC day and mondayOfColumn() the Monday before it", async () => {
    const row = await one<{ day: string; monday: string }>(
      `SELECT ${dayOfColumn('"timestamp"')} AS day, ${mondayOfColumn('"timestamp"')} AS monday FROM "SyncRecord"`,
    );
    expect(row).toEqual({ day: "2026-11-29", monday: "2026-11-23" });
  });

  it("timeParameter() compares a day or an ISO time with a date column, with a day offset", async () => {
    const count = async (condition: string, ...args: string[]) =>
      Number(
        (await one<{ n: number | bigint }>(`SELECT COUNT(*) AS n FROM "SyncRecord" WHERE ${condition}`, ...args)).n,
      );
    const time = comparableTime('"timestamp"');
    expect(await count(`${time} >= ${timeParameter()}`, "2026-11-29")).toBe(1);
    expect(await count(`${time} >= ${timeParameter()}`, "2026-11-30")).toBe(0);
    expect(await count(`${time} < ${timeParameter(1)}`, "2026-11-29")).toBe(1);
    expect(await count(`${time} < ${timeParameter(1)}`, "2026-11-28")).toBe(0);
    expect(await count(`${time} >= ${timeParameter()}`, "2026-11-29T23:29:59.999Z")).toBe(1);
    expect(await count(`${time} >= ${timeParameter()}`, "2026-11-29T23:30:00.001Z")).toBe(0);
  });

  it("timeValue() compares a time with a date column in a tagged query", async () => {
    const at = async (time: Date) =>
      (await prisma.$queryRaw<{ id: number }[]>`SELECT id FROM "SyncRecord" WHERE "timestamp" <= ${timeValue(time)}`)
        .length;
    expect(await at(new Date(SUNDAY_LATE.getTime() + 1))).toBe(1);
    expect(await at(new Date(SUNDAY_LATE.getTime() - 1))).toBe(0);
  });
});

it("greatest() is the larger of two numbers", async () => {
  expect(Number((await one<{ g: number }>(`SELECT ${greatest("0", "? - 5")} AS g`, 3)).g)).toBe(0);
  expect(Number((await one<{ g: number }>(`SELECT ${greatest("0", "? - 5")} AS g`, 8)).g)).toBe(3);
});

it("placeholders() numbers ? for PostgreSQL, leaving quoted ? alone", async () => {
  const row = await one<{ a: string; b: string; q: string }>(`SELECT ? AS a, '?' AS q, ? AS b`, "first", "second");
  expect(row).toEqual({ a: "first", b: "second", q: "?" });
});

describe("wordsWhere()", () => {
  beforeEach(async () => {
    await prisma.user.createMany({
      data: [
        { email: "one@horror.test", username: "SaltAndAsh", displayName: "The Keeper’s Log", usernameKey: "one" },
        { email: "two@horror.test", username: "doll", displayName: "hospital", usernameKey: "two" },
        { email: "three@horror.test", username: "d_ll%", displayName: "back\\slash", usernameKey: "three" },
      ],
    });
  });
  const found = async (text: string) =>
    (
      await prisma.user.findMany({
        where: await wordsWhere<Prisma.UserWhereInput>("User", ["username", "displayName"], text),
        orderBy: { usernameKey: "asc" },
      })
    ).map((u) => u.usernameKey);

  it("matches each word in any of the columns, in any order, without regard to case", async () => {
    expect(await found("saltand")).toEqual(["one"]);
    expect(await found("ANDASH")).toEqual(["one"]);
    expect(await found("hospital doll")).toEqual(["two"]);
    expect(await found("  doll   HOSPITAL ")).toEqual(["two"]);
    expect(await found("doll pepper")).toEqual([]);
    expect(await found("")).toEqual(["one", "three", "two"]);
  });

  it("takes % and _ and a backslash literally", async () => {
    expect(await found("%")).toEqual(["three"]);
    expect(await found("d_ll")).toEqual(["three"]);
    expect(await found("_")).toEqual(["three"]);
    expect(await found("k\\s")).toEqual(["three"]);
    expect(await found("o_l")).toEqual([]);
  });

  it("finds a typographic apostrophe from a straight one", async () => {
    expect(await found("keeper's")).toEqual(["one"]);
    expect(await found("keeper’s log")).toEqual(["one"]);
  });
});

it("serializeOn() runs transactions on the same key one after the other", async () => {
  const order: string[] = [];
  let releaseFirst = () => {};
  const firstHolds = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  let firstLocked = () => {};
  const locked = new Promise<void>((resolve) => {
    firstLocked = resolve;
  });
  const first = prisma.$transaction(
    async (tx) => {
      await serializeOn(tx, "sql-test");
      // A write, so SQLite's transaction holds its write lock as PostgreSQL's holds the advisory one.
      await tx.keyValue.create({ data: { key: "first", value: "1" } });
      firstLocked();
      await firstHolds;
      order.push("first done");
    },
    { timeout: 20_000 },
  );
  await locked;
  const second = prisma.$transaction(
    async (tx) => {
      await serializeOn(tx, "sql-test");
      order.push("second in");
      await tx.keyValue.create({ data: { key: "second", value: "2" } });
    },
    { timeout: 20_000, maxWait: 20_000 },
  );
  if (onPostgres) {
    // The second transaction reaches the lock and waits there (or, were the lock broken, goes on).
    const waiting = async () =>
      Number(
        (
          await one<{ n: number | bigint }>(
            "SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
          )
        ).n,
      );
    await expect.poll(async () => order.includes("second in") || (await waiting()) > 0).toBe(true);
    expect(order).toEqual([]);
  }
  // On SQLite the second transaction's BEGIN IMMEDIATE waits for the first's write lock.
  releaseFirst();
  await Promise.all([first, second]);
  expect(order).toEqual(["first done", "second in"]);
  await prisma.keyValue.deleteMany({ where: { key: { in: ["first", "second"] } } });
});
