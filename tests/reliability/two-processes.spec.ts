// Two server processes on one SQLite file, as production runs them: writes
// from both at once must neither fail (SQLITE_BUSY used to surface as a 500 on
// 17-24 % of POST /api/errors) nor go missing once acknowledged.
import { test } from "@playwright/test";
import { httpClient } from "../support/http-client.ts";
import { startSite } from "../support/site-server.ts";
import { expect } from "./fixtures.ts";
import { emptyAcknowledged, lostOrBroken, type WriteKind, write } from "./writers.ts";

const KINDS: WriteKind[] = ["error record", "feedback api", "error record"];
const WRITERS_PER_SERVER = 8;
const WRITES_PER_WRITER = 25;

test("two servers writing to one database at once: no 5xx, every acknowledged write stored", async () => {
  test.setTimeout(180_000);
  const first = await startSite();
  const second = await startSite({ shareDatabaseOf: first });
  try {
    const acked = emptyAcknowledged();
    const failures: string[] = [];
    let answered = 0;
    const writer = async (url: string, n: number) => {
      const client = httpClient(url);
      for (let i = 0; i < WRITES_PER_WRITER; i++) {
        const kind = KINDS[(n + i) % KINDS.length] as WriteKind;
        const reply = await write(client, kind, acked);
        answered++;
        if (reply.status !== 201) failures.push(`${kind} on ${url}: ${reply.status} ${reply.text.slice(0, 160)}`);
      }
    };
    await Promise.all(
      [first, second].flatMap((site) => Array.from({ length: WRITERS_PER_SERVER }, (_, n) => writer(site.url, n))),
    );
    expect(answered).toBe(2 * WRITERS_PER_SERVER * WRITES_PER_WRITER);
    expect(failures, `${first.stderr()}\n${second.stderr()}`.slice(-4000)).toEqual([]);
    expect(await lostOrBroken(first, acked)).toEqual([]);
    expect(acked.errors.length + acked.feedback.length + acked.users.length).toBe(answered);
  } finally {
    await second.dispose();
    await first.dispose();
  }
});
