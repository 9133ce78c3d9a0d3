import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "~/site/sql.server";
import { startTcpLink, type TcpLink } from "../tests/support/tcp-link";
import { createDatabaseClient, type DatabaseClient } from "./database-client.server";
import {
  answerOutages,
  databaseOutageResponse,
  databaseUnavailable,
  inRequestScope,
  resendOfRequest,
} from "./database-outage.server";

describe("databaseUnavailable", () => {
  it("knows Prisma's codes for a database out of reach, and none other", () => {
    for (const code of ["P1001", "P1002", "P1008", "P1017", "P2024"]) {
      expect(databaseUnavailable(Object.assign(new Error("x"), { code }))).toBe("unreachable");
    }
    // A unique constraint, a missing row, a bad query: the code's own errors, not an outage.
    for (const code of ["P2002", "P2025", "P2010"]) {
      expect(databaseUnavailable(Object.assign(new Error("x"), { code }))).toBeNull();
    }
  });

  it("finds the driver adapter's kind in Prisma's meta, and node-postgres's timeouts in a cause", () => {
    const adapter = { name: "DriverAdapterError", cause: { kind: "DatabaseNotReachable" } };
    expect(databaseUnavailable({ code: "P9999", meta: { driverAdapterError: adapter } })).toBe("unreachable");
    const pool = new Error("Connection terminated due to connection timeout", {
      cause: new Error("Connection terminated unexpectedly"),
    });
    expect(databaseUnavailable(new Error("Invalid `prisma.user.findUnique()` invocation", { cause: pool }))).toBe(
      "unreachable",
    );
    expect(databaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe("unreachable");
    expect(databaseUnavailable(new Error("Query read timeout"))).toBe("unreachable");
  });

  it("knows SQLite's full, read-only, failing and unopenable file, with its extended codes, and no other SQLite error", () => {
    // As @prisma/adapter-libsql reports them, in Prisma's meta.
    const sqlite = (extendedCode: number) => ({
      code: "P2010",
      meta: { driverAdapterError: { name: "DriverAdapterError", cause: { kind: "sqlite", extendedCode } } },
    });
    // SQLITE_FULL, SQLITE_READONLY, SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE, SQLITE_CANTOPEN
    for (const code of [13, 8, 1032, 778, 14]) expect(databaseUnavailable(sqlite(code))).toBe("cannot store");
    // SQLITE_CORRUPT, SQLITE_NOTADB (a junk file needs an operator, not a wait), SQLITE_CONSTRAINT_CHECK
    for (const code of [11, 26, 275]) expect(databaseUnavailable(sqlite(code))).toBeNull();
  });

  it("says no to anything else, including a cycle of causes", () => {
    const a: { message: string; cause?: unknown } = { message: "a" };
    a.cause = { message: "b", cause: a };
    expect(databaseUnavailable(a)).toBeNull();
    expect(databaseUnavailable(null)).toBeNull();
    expect(databaseUnavailable("Can't reach")).toBeNull();
    expect(databaseUnavailable(new Error("Unique constraint failed on the fields: (`email`)"))).toBeNull();
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
    expect(databaseUnavailable(error)).toBe("unreachable");
  });

  it("answers with the 503 within the connect timeout when the network holds the packets back", async () => {
    link.silent();
    const answer = await failure(() => inRequestScope(async () => await client.user.count()));
    expect((answer as Response).status).toBe(503);
  });
});

describe("resendOfRequest: the form a 503 page sends again (docs/decisions/048)", () => {
  const form = (
    headers: Record<string, string>,
    body: BodyInit = "csrf=t&email=a%40b.test&password=secret&tag=x&tag=y",
  ) =>
    new Request("http://site.test/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body,
    });

  it("keeps a document's form, every field in its order but the passwords, and leaves the body to the action", async () => {
    const request = form({ "Sec-Fetch-Dest": "document" });
    expect(await resendOfRequest(request)).toEqual({
      fields: [
        ["csrf", "t"],
        ["email", "a@b.test"],
        ["tag", "x"],
        ["tag", "y"],
      ],
      withoutPasswords: true,
      withoutFiles: false,
    });
    expect((await request.formData()).get("password")).toBe("secret");
  });

  it("takes a browser without Sec-Fetch-Dest by what it accepts", async () => {
    expect(await resendOfRequest(form({ Accept: "text/html,application/xhtml+xml" }))).toMatchObject({
      withoutPasswords: true,
    });
    expect(await resendOfRequest(form({ Accept: "application/json" }))).toBeUndefined();
  });

  it("leaves out the running app's requests, other methods and other bodies", async () => {
    expect(await resendOfRequest(form({ "Sec-Fetch-Dest": "empty" }))).toBeUndefined();
    expect(
      await resendOfRequest(new Request("http://site.test/auth", { headers: { "Sec-Fetch-Dest": "document" } })),
    ).toBeUndefined();
    const json = new Request("http://site.test/auth", {
      method: "POST",
      headers: { "Sec-Fetch-Dest": "document", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(await resendOfRequest(json)).toBeUndefined();
  });

  it("leaves a file out and says so", async () => {
    const body = new FormData();
    body.append("caption", "A door");
    body.append("image", new File(["x"], "door.png", { type: "image/png" }));
    const request = new Request("http://site.test/settings/profile", {
      method: "POST",
      headers: { "Sec-Fetch-Dest": "document" },
      body,
    });
    expect(await resendOfRequest(request)).toEqual({
      fields: [["caption", "A door"]],
      withoutPasswords: false,
      withoutFiles: true,
    });
  });

  it("goes into the outage's 503 inside the request's scope, and nowhere else", async () => {
    const resend = {
      fields: [["email", "a@b.test"]] as [string, string][],
      withoutPasswords: true,
      withoutFiles: false,
    };
    const inside = await inRequestScope(() => databaseOutageResponse().json(), { resend });
    expect(inside).toMatchObject({ resend });
    expect(await databaseOutageResponse().json()).not.toHaveProperty("resend");
  });
});
