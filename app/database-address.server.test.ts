import type { LookupAddress } from "node:dns";
import net from "node:net";
import { afterEach, describe, expect, test, vi } from "vitest";
import { databaseSocket, REFRESH_MS, rememberedAnswer, rememberedLookup } from "./database-address.server";

/** Calls rememberedLookup; `sync` tells whether it answered before returning (so without a lookup). */
function lookUp(hostname: string, all = false) {
  let sync = true;
  const answer = new Promise<{ address: string | LookupAddress[]; sync: boolean }>((resolve, reject) => {
    rememberedLookup(hostname, { all }, (error, address) => (error ? reject(error) : resolve({ address, sync })));
  });
  sync = false;
  return answer;
}

function listening(): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer((socket) => socket.end());
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

function connect(port: number, host: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = databaseSocket();
    socket.once("connect", () => {
      resolve(`connected to ${socket.remoteAddress}`);
      socket.destroy();
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.connect(port, host);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("rememberedLookup", () => {
  test("the first connection to a name waits for its lookup; the next ones use the answer at once", async () => {
    const first = await lookUp("localhost");
    expect(first.sync).toBe(false);
    expect(["127.0.0.1", "::1"]).toContain(first.address);
    const again = await lookUp("localhost", true);
    expect(again.sync).toBe(true);
    expect((again.address as LookupAddress[]).map((a) => a.address)).toContain(first.address);
  });

  test("an answer older than REFRESH_MS is still given at once, and looked up again behind it", async () => {
    await lookUp("localhost");
    const resolvedAt = rememberedAnswer("localhost")?.resolvedAt ?? 0;
    vi.useFakeTimers({ toFake: ["Date"] });
    const later = resolvedAt + REFRESH_MS + 1_000;
    vi.setSystemTime(later);
    const stale = await lookUp("localhost");
    expect(stale.sync).toBe(true);
    // The lookup behind it renews the answer.
    await vi.waitFor(() => expect(rememberedAnswer("localhost")?.resolvedAt).toBeGreaterThanOrEqual(later));
  });

  test("a name that does not resolve fails as a lookup does", async () => {
    await expect(lookUp("no-such-database.invalid")).rejects.toMatchObject({
      code: expect.stringMatching(/ENOTFOUND|EAI_AGAIN/),
    });
    expect(rememberedAnswer("no-such-database.invalid")).toBeUndefined();
  });
});

describe("databaseSocket", () => {
  test("connects by name through the remembered address, and by literal address as asked", async () => {
    const server = await listening();
    try {
      expect(await connect(portOf(server), "127.0.0.1")).toBe("connected to 127.0.0.1");
      expect(rememberedAnswer("127.0.0.1")).toBeUndefined();
      // localhost may answer ::1 first, where nothing listens: Node then tries 127.0.0.1.
      expect(await connect(portOf(server), "localhost")).toBe("connected to 127.0.0.1");
      expect(rememberedAnswer("localhost")?.addresses).toContain("127.0.0.1");
    } finally {
      server.close();
    }
  });

  test("a remembered address that refuses the connection is forgotten, so the next one asks DNS", async () => {
    const server = await listening();
    const port = portOf(server);
    await connect(port, "localhost");
    expect(rememberedAnswer("localhost")).toBeDefined();
    await new Promise((resolve) => server.close(resolve));
    expect(await connect(port, "localhost")).toBe("ECONNREFUSED");
    expect(rememberedAnswer("localhost")).toBeUndefined();
  });
});
