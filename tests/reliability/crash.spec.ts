// Crash safety: the built server takes concurrent writes (feedback, bug
// reports, error records, registrations; API and forms) and is killed with
// SIGKILL while they are in flight, twice, then started again on the same
// database. Every write that was acknowledged (201, or the form's success
// redirect) is in the database, and nothing is half-written (no account
// without its password, no dangling rows, the database file intact).
import { httpClient } from "../support/http-client.ts";
import { type Site, startSite } from "../support/site-server.ts";
import { expect, test } from "./fixtures.ts";
import { emptyAcknowledged, lostOrBroken, type WriteKind, write } from "./writers.ts";

const KINDS: WriteKind[] = [
  "feedback api",
  "feedback form",
  "bug report form",
  "error record",
  "register api",
  "feedback api",
  "register form",
  "error record",
];
const WRITERS = 16;

test("every acknowledged write survives kill -9, and nothing is half-written", async () => {
  test.setTimeout(120_000);
  const site: Site = await startSite();
  try {
    const acked = emptyAcknowledged();
    const total = () => acked.feedback.length + acked.bugReports.length + acked.errors.length + acked.users.length;
    for (const round of [1, 2]) {
      let stop = false;
      const serverErrors: string[] = [];
      const writer = async (n: number) => {
        const client = httpClient(site.url);
        for (let i = n; !stop; i++) {
          try {
            const reply = await write(client, KINDS[i % KINDS.length] as WriteKind, acked);
            if (reply.status >= 500) serverErrors.push(`${reply.status} ${reply.text.slice(0, 100)}`);
          } catch {
            // No answer: the server is gone. Not acknowledged, so nothing is owed.
            client.cookies.clear();
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, n) => writer(n));
      // Kill it mid-way: once this round has had some writes acknowledged, with more in flight.
      const target = total() + 30;
      await expect.poll(total, { timeout: 30_000, intervals: [20] }).toBeGreaterThanOrEqual(target);
      await site.kill();
      stop = true;
      await Promise.all(writers);
      expect(serverErrors, `round ${round}`).toEqual([]);

      await site.start();
      expect(await lostOrBroken(site, acked), `after kill -9 number ${round}`).toEqual([]);
    }
    expect(acked.users.length).toBeGreaterThan(0);
    expect(acked.feedback.length).toBeGreaterThan(0);
    // The restarted server takes writes as before.
    const after = emptyAcknowledged();
    const client = httpClient(site.url);
    for (const kind of ["feedback api", "register api"] as WriteKind[])
      expect((await write(client, kind, after)).status).toBe(201);
    expect(await lostOrBroken(site, after)).toEqual([]);
  } finally {
    await site.dispose();
  }
});
