// Issue 39, item 7: a burst of sign-ins must not stall every other reader. Twenty
// sign-ins at once at production's bcrypt cost filled libuv's four threads, so a
// health check's file work (express.static's stat) queued behind every hash,
// and the hashes took both cores from the event loop: /api/health took 1.7 s and
// more. The server now hashes at most `backgroundJobSlots()` at a time
// (app/auth/password.server.ts; docs/decisions/033). No time is asserted (the
// bench's part 7 measures it): the order of the answers, and how many of the
// server's pool threads hash at once.
import { readdir, readFile } from "node:fs/promises";
import { backgroundJobSlots } from "../../app/utils/concurrency-limit.server.ts";
import { httpClient } from "../support/http-client.ts";
import { type Site, startSite } from "../support/site-server.ts";
import { expect, newReader, test } from "./fixtures.ts";

const SIGN_INS = 20;

test("during 20 sign-ins at once, a health check is answered before most of them and at most the cap of hashes run", async () => {
  test.setTimeout(240_000);
  // Production's cost: each hash takes long enough that the burst is still hashing when the check comes.
  const site: Site = await startSite({ env: { PASSWORD_HASH_COST: "12" } });
  try {
    const readers = await readersWithOnePassword(site, SIGN_INS);
    const clients = readers.map(() => httpClient(site.url));
    const tokens = await Promise.all(clients.map((client) => client.csrfToken()));
    const answers: string[] = [];
    const busy = sampleBusyPoolThreads(site);
    const signIns = clients.map((client, i) =>
      client
        .post("/api/auth/login", {
          body: { json: { email: readers[i]?.email, password: readers[i]?.password } },
          headers: { "X-CSRF-Token": tokens[i] as string },
          timeoutMs: 200_000,
        })
        .then((reply) => {
          answers.push("sign-in");
          return reply.status;
        }),
    );
    // Once the first sign-in is answered, the others have had as long as a hash takes to reach theirs.
    await Promise.race(signIns);
    const health = await httpClient(site.url).get("/api/health", { timeoutMs: 200_000 });
    answers.push("health");
    const statuses = await Promise.all(signIns);
    const busyCounts = await busy.stop();

    expect(statuses).toEqual(Array(SIGN_INS).fill(200));
    expect(health.status).toBe(200);
    // Without the cap the check's stat waited behind 16 or more hashes: it came after nearly every sign-in.
    const before = answers.indexOf("health");
    expect.soft(before, `answers in order: ${answers.join(", ")}`).toBeLessThan(SIGN_INS / 2);
    // Threads of libuv's pool running or waiting for a core: four (every thread hashing) without the
    // cap. Not the maximum: a short file or crypto job on a free thread may be caught beside a hash.
    expect(busyCounts.length).toBeGreaterThan(0);
    expect(percentile90(busyCounts), `busy pool threads per sample: ${busyCounts.join(" ")}`).toBeLessThanOrEqual(
      backgroundJobSlots(),
    );
  } finally {
    await site.dispose();
  }
});

/**
 * `count` readers who share one password: one registered through the API (its hash made by the
 * server at the site's cost), the others copies of that row, so setting them up costs one hash.
 */
async function readersWithOnePassword(site: Site, count: number) {
  const first = newReader();
  await httpClient(site.url).register(first);
  const readers = [first];
  for (let i = 1; i < count; i++) {
    const reader = { ...newReader(), password: first.password };
    const id = `burst-reader-${i}-${reader.username}`;
    await site.query(
      `INSERT INTO "User" (id, email, username, "usernameKey", "updatedAt")
       SELECT ?, ?, ?, ?, "updatedAt" FROM "User" WHERE email = ?`,
      [id, reader.email, reader.username, reader.username.toLowerCase(), first.email],
    );
    await site.query(
      `INSERT INTO "Password" (hash, "userId")
       SELECT p.hash, ? FROM "Password" p JOIN "User" u ON u.id = p."userId" WHERE u.email = ?`,
      [id, first.email],
    );
    readers.push(reader);
  }
  return readers;
}

/**
 * Every few milliseconds, how many of the server's libuv pool threads ("libuv-worker" in Node 24)
 * are in state R (running or runnable), from Linux's /proc, until stopped.
 */
function sampleBusyPoolThreads(site: Site) {
  const counts: number[] = [];
  let stopped = false;
  const sampling = (async () => {
    const pid = site.pid();
    if (!pid) throw new Error("the site does not run");
    while (!stopped) {
      let busy = 0;
      for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [])) {
        const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, "utf8").catch(() => "");
        // "tid (comm) state ...": the name may hold spaces, the state follows its closing parenthesis.
        const match = /^\d+ \((.*)\) (\w)/.exec(stat);
        if (match?.[1] === "libuv-worker" && match[2] === "R") busy++;
      }
      counts.push(busy);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      return counts;
    },
  };
}

function percentile90(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.9 * sorted.length) - 1)] ?? Number.NaN;
}
