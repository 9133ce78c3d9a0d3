import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "~/site/sql.server";
import { startTcpLink, type TcpLink } from "../tests/support/tcp-link";
import { createDatabaseClient, type DatabaseClient } from "./database-client.server";
import { answerOutages, inRequestScope, isDatabaseUnreachable } from "./database-outage.server";

describe("isDatabaseUnreachable", () => {
  it("knows Prisma's codes for a database out of reach, and none other", () => {
    for (const code of ["P1001", "P1002", "P1008", "P1017", "P2024"]) {
      expect(isDatabaseUnreachable(Object.assign(new Error("x"), { code }))).toBe(true);
    }
    // A unique constraint, a missing row, a bad query: the code's own errors, not an outage.
    for (const code of ["P2002", "P2025", "P2010"]) {
      expect(isDatabaseUnreachable(Object.assign(new Error("x"), { code }))).toBe(false);
    }
  });

  it("finds the driver adapter's kind in Prisma's meta, and node-postgres's timeouts in a cause", () => {
    const adapter = { name: "DriverAdapterError", cause: { kind: "DatabaseNotReachable" } };
    expect(isDatabaseUnreachable({ code: "P9999", meta: { driverAdapterError: adapter } })).toBe(true);
    const pool = new Error("Connection terminated due to connection timeout", {
      cause: new Error("Connection terminated unexpectedly"),
    });
    expect(isDatabaseUnreachable(new Error("Invalid `prisma.user.findUnique()` invocation", { cause: pool }))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Query read timeout"))).toBe(true);
  });

  it("says no to anything else, including a cycle of causes", () => {
    const a: { message: string; cause?: unknown } = { message: "a" };
    a.cause = { message: "b", cause: a };
    expect(isDatabaseUnreachable(a)).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
    expect(isDatabaseUnreachable("Can't reach")).toBe(false);
    expect(isDatabaseUnreachable(new Error("Unique constraint failed on the fields: (`email`)"))).toBe(false);
  });
});

// The client as db.server.ts makes it, on this run's PostgreSQL through a link the test breaks
// (tests/support/tcp-link.ts): what a request and a background job get while it is down.
describe.runIf(onPostgres)("answerOutages, on PostgreSQL", () => {
  let link: TcpLink;
  let client: DatabaseClient;

  beforeAll(async () => {
    const direct = new URL(process.env.DATABASE_URL as string);
    link = await startTcpLink({ host: direct.hostname, port: Number(direct.port) });
    const linked = new URL(direct);
    linked.hostname = "127.0.0.1";
    linked.port = String(link.port);
    client = answerOutages(
      await createDatabaseClient(linked.toString(), { connectTimeoutMs: 1_000, queryTimeoutMs: 1_000 }),
    );
  });
  afterAll(async () => {
    await client?.$disconnect();
    await link?.close();
  });
  afterEach(() => link.up());

  /**
   * What `work` rejects with. (A Prisma query runs when it is awaited: `work` awaits it, inside
   * the scope, as a loader does.)
   */
  async function failure(work: () => Promise<unknown>): Promise<unknown> {
    return work().then(
      () => {
        throw new Error("it did not fail");
      },
      (error: unknown) => error,
    );
  }

  it("leaves a query, a transaction and the code's own errors alone while the database answers", async () => {
    expect(await inRequestScope(async () => await client.user.count())).toBeTypeOf("number");
    expect(await inRequestScope(async () => await client.$transaction(async (tx) => tx.user.count()))).toBeTypeOf(
      "number",
    );
    const missing = await failure(() =>
      inRequestScope(async () => await client.user.update({ where: { id: "no-such-user" }, data: { bio: "" } })),
    );
    expect(missing).not.toBeInstanceOf(Response);
    expect((missing as { code?: string }).code).toBe("P2025");
  });

  it("answers a request's query and its transaction with the 503 when the database refuses connections", async () => {
    await link.down();
    for (const work of [
      async () => await client.user.count(),
      async () => await client.$transaction(async (tx) => tx.user.count()),
    ]) {
      const answer = await failure(() => inRequestScope(work));
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(503);
      expect((answer as Response).headers.get("Retry-After")).toBe("30");
    }
  });

  it("gives work outside a request (the sync, the schedule) the database's own error", async () => {
    await link.down();
    const error = await failure(async () => await client.$transaction(async (tx) => tx.user.count()));
    expect(error).not.toBeInstanceOf(Response);
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it("answers with the 503 within the connect timeout when the network holds the packets back", async () => {
    link.silent();
    const answer = await failure(() => inRequestScope(async () => await client.user.count()));
    expect((answer as Response).status).toBe(503);
  });
});
