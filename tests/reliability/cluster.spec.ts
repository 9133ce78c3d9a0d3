// The multi-process suite (issue 42, docs/decisions/040): two app processes of the production
// build on one database behind Debian's nginx with the repository's configuration
// (deploy/nginx/horror-stories.conf), on loopback ports. Everything a process shares goes
// through the database, and a process that dies or restarts costs readers nothing the proxy
// could retry. One cluster for the file: its tests run in order, each leaving both processes up.
import { test } from "@playwright/test";
import { DEFAULT_PALETTE } from "../../app/theme/palette.ts";
import { STATUS_PAGES } from "../../app/utils/status-pages.ts";
import { expectAccessible } from "../support/a11y.ts";
import { answeredBy, type Cluster, readerAddress, startCluster, untilProxiedTo } from "../support/cluster.ts";
import { type HttpClient, hiddenFields, httpClient } from "../support/http-client.ts";
import { SITE_ADMIN } from "../support/site-server.ts";
import { startWordPressServer, type WordPressServer } from "../support/wordpress-server.ts";
import { expect, newReader } from "./fixtures.ts";
import { emptyAcknowledged, lostOrBroken, write } from "./writers.ts";

test.describe.configure({ mode: "serial" });

/** nginx's answer for the API when no process answers (deploy/nginx/unavailable.json; spec §8). */
const UNAVAILABLE_JSON = { message: STATUS_PAGES[503].description, code: "SERVER_ERROR" };

let cluster: Cluster;
let wordpress: WordPressServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  wordpress = await startWordPressServer({ port: 0 });
  cluster = await startCluster({ env: { WP_URL: wordpress.origin } });
});

test.afterAll(async () => {
  await cluster?.dispose();
  await wordpress?.close();
});

/** A client of one process (or of nginx), as one reader at one address (named to nginx as the load balancer in front would). */
function client(base: string, address = readerAddress()): HttpClient {
  return httpClient(base, { headers: { "X-Forwarded-For": address } });
}

/** The same reader (cookies) on another process. */
function sameReaderOn(base: string, from: HttpClient): HttpClient {
  const other = httpClient(base, { headers: { "X-Forwarded-For": readerAddress() } });
  for (const [name, value] of from.cookies) other.cookies.set(name, value);
  return other;
}

function firstSite() {
  const [site] = cluster.sites;
  if (!site) throw new Error("the cluster has no process");
  return site;
}

const processes = () => cluster.sites.map((site) => site.url);

async function adminOn(base: string) {
  const admin = client(base);
  await admin.signIn(SITE_ADMIN.email, SITE_ADMIN.password);
  return admin;
}

test("a session made on one process works on the other, and through the proxy", async () => {
  const [a, b] = processes() as [string, string];
  const reader = client(a);
  await reader.register(newReader());
  expect((await reader.get("/bookmarks")).status).toBe(200);
  expect((await sameReaderOn(b, reader).get("/bookmarks")).status).toBe(200);
  expect((await sameReaderOn(cluster.url, reader).get("/bookmarks")).status).toBe(200);
  // Signed out on B: signed out on A too.
  const onB = sameReaderOn(b, reader);
  const out = await onB.post("/logout", { body: { form: await hiddenFields(onB, "/bookmarks") } });
  expect(out.status).toBe(302);
  expect((await sameReaderOn(a, reader).get("/bookmarks")).status).toBe(302);
});

test("the sign-in rate limit counts the attempts on both processes together, by the forwarded address", async () => {
  const [a, b] = processes() as [string, string];
  const address = readerAddress();
  const attempt = async (base: string, who = address) => {
    const c = client(base, who);
    return c.post("/api/auth/login", {
      body: { json: { email: SITE_ADMIN.email, password: "not-the-password-000" } },
      headers: { "X-CSRF-Token": await c.csrfToken() },
    });
  };
  // Five wrong passwords spread over A and B (3 and 2: under the limit of 5 on each alone).
  for (const base of [a, b, a, b, a]) expect((await attempt(base)).status).toBe(401);
  // The sixth, on either process or through the proxy, is refused.
  expect((await attempt(b)).status).toBe(429);
  expect((await attempt(cluster.url)).status).toBe(429);
  // Another reader's address, through the proxy, is not.
  expect((await attempt(cluster.url, readerAddress())).status).toBe(401);
});

test("an admin's change reaches every process within 2 s: an unpublished story, a palette", async () => {
  const [a, b] = processes() as [string, string];
  const [story] = await firstSite().query<{ id: number; slug: string }>(
    `SELECT id, slug FROM "Post" WHERE status = 'published' AND "submittedAt" IS NULL ORDER BY id LIMIT 1`,
  );
  if (!story) throw new Error("no published story in the seeded database");
  const anonymous = (base: string) => httpClient(base, { headers: { "X-Forwarded-For": readerAddress() } });
  // Read on both (twice: the page cache keeps a page from its second render).
  for (const base of [a, b, a, b]) expect((await anonymous(base).get(`/story/${story.slug}`)).status).toBe(200);
  const admin = await adminOn(a);
  const unpublished = await admin.post("/admin/content", {
    body: { form: { ...(await hiddenFields(admin, "/admin/content")), unpublish: String(story.id) } },
  });
  expect(unpublished.status).toBe(302);
  await expect
    .poll(
      async () => Promise.all([a, b].map(async (base) => (await anonymous(base).get(`/story/${story.slug}`)).status)),
      {
        timeout: 2_000,
        intervals: [100],
      },
    )
    .toEqual([404, 404]);

  // A palette: the processes keep it in memory (docs/decisions/019); the change mark drops it.
  for (const base of [a, b]) expect((await anonymous(base).get("/about")).text).not.toContain("#201812");
  const palette: Record<string, string> = { intent: "save" };
  for (const theme of ["light", "dark"] as const)
    for (const [token, value] of Object.entries(DEFAULT_PALETTE[theme])) palette[`${theme}.${token}`] = value;
  palette["light.ink"] = "#201812";
  Object.assign(palette, { "seasonal.name": "", "seasonal.light": "#8a3b00", "seasonal.dark": "#f0a050" });
  const saved = await admin.post("/admin/themes", {
    body: { form: { ...(await hiddenFields(admin, "/admin/themes")), ...palette } },
  });
  expect(saved.status, saved.text.slice(0, 300)).toBe(302);
  await expect
    .poll(
      async () =>
        Promise.all([a, b].map(async (base) => (await anonymous(base).get("/about")).text.includes("#201812"))),
      {
        timeout: 2_000,
        intervals: [100],
      },
    )
    .toEqual([true, true]);
});

/** The sync page's toast and progress, as the admin on that process sees them. */
async function syncNow(admin: HttpClient) {
  const reply = await admin.post("/admin/wordpress-sync", {
    body: { form: { ...(await hiddenFields(admin, "/admin/wordpress-sync")), intent: "sync" } },
  });
  expect(reply.status).toBe(302);
  const page = (await admin.get("/admin/wordpress-sync")).text;
  return page.includes("A sync is already running") ? "running" : page.includes("Sync started") ? "started" : page;
}

/** The sync's progress as a page's EventSource reads it: its first event, and the end of the stream. */
async function progressEvents(base: string, admin: HttpClient) {
  const response = await fetch(`${base}/admin/wordpress-sync/progress`, {
    headers: {
      Accept: "text/event-stream",
      Cookie: [...admin.cookies].map(([n, v]) => `${n}=${v}`).join("; "),
    },
    signal: AbortSignal.timeout(30_000),
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`no event stream: ${response.status}`);
  const first = new TextDecoder().decode((await reader.read()).value);
  const ended = (async () => {
    for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return;
  })();
  return { first, ended, cancel: () => reader.cancel() };
}

const syncRunningOn = async (admin: HttpClient) =>
  (await admin.get("/admin/wordpress-sync")).text.includes("Sync running");

test("one sync at a time across the processes, watched from the other, and taken over after kill -9 of its runner", async () => {
  test.setTimeout(90_000);
  const [siteA, siteB] = cluster.sites as [(typeof cluster.sites)[0], (typeof cluster.sites)[0]];
  // The source answers nothing: a sync runs (and holds its lease) until its requests time out.
  wordpress.setMode("hang");
  try {
    const [adminA, adminB] = [await adminOn(siteA.url), await adminOn(siteB.url)];
    expect(await syncNow(adminA)).toBe("started");
    // B refuses a second sync, and its admin sees A's running, on the page and over server-sent events.
    expect(await syncNow(adminB)).toBe("running");
    expect(await syncRunningOn(adminB)).toBe(true);
    const onB = await progressEvents(siteB.url, adminB);
    await onB.cancel();
    expect(onB.first).toContain("event: progress");
    expect(onB.first).toContain('"running":true');

    // kill -9 of A mid-sync: its lease lapses (15 s, renewed while it ran), and B may sync again.
    await siteA.kill();
    await expect.poll(() => syncNow(adminB), { timeout: 40_000, intervals: [1_000] }).toBe("started");

    // A clean stop (SIGTERM) of B mid-sync gives the lease back at once, instead of leaving it to lapse,
    // and ends the event streams it serves (their pages reconnect elsewhere) instead of waiting for them.
    expect(await syncRunningOn(adminB)).toBe(true);
    const throughProxy = await progressEvents(cluster.url, adminB);
    expect(throughProxy.first).toContain('"running":true');
    const stopped = await siteB.terminate();
    await throughProxy.ended;
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);
    expect(await siteB.query(`SELECT holder FROM "Lease" WHERE name = 'content-sync'`)).toEqual([]);
    await Promise.all([siteA.start(), siteB.start()]);
  } finally {
    wordpress.setMode("healthy");
  }
});

/** Readers at once in the load tests. */
const READERS = 6;
/** Writers through the proxy during the load tests, one request at a time each. */
const WRITERS = 2;

/** The pages the readers read. */
const READ_PATHS = ["/", "/about", "/stories", "/story/the-lighthouse-keeper"];

/**
 * Reads answered, reads failed (an error status or no answer), answers cut in transfer (nginx had
 * begun to pass on the answer of a process killed while sending it), and which process answered
 * how many.
 */
type Tally = { ok: number; failed: string[]; cut: string[]; by: Map<number | null, number> };
const newTally = (): Tally => ({ ok: 0, failed: [], cut: [], by: new Map() });

/** Readers through the proxy until `stop` resolves: pages any reader reads, each request from a reader of its own. */
async function readLoad(stop: Promise<unknown>, tally: Tally, readers = READERS): Promise<Tally> {
  let done = false;
  void stop.then(() => {
    done = true;
  });
  await Promise.all(
    Array.from({ length: readers }, async (_, n) => {
      for (let i = n; !done; i++) {
        const path = READ_PATHS[i % READ_PATHS.length] as string;
        const reply = await client(cluster.url)
          .get(path)
          .catch((error: Error) => ({ status: 0, text: error.message }));
        if ("headers" in reply)
          tally.by.set(answeredBy(reply.headers), (tally.by.get(answeredBy(reply.headers)) ?? 0) + 1);
        if (reply.status === 200 || reply.status === 404) tally.ok++;
        // undici's word for a body whose connection closed before its end.
        else if (reply.status === 0 && reply.text === "terminated") tally.cut.push(path);
        else tally.failed.push(`${path}: ${reply.status} ${reply.text.slice(0, 120)}`);
      }
    }),
  );
  return tally;
}

/** Writes through the proxy until `stop` resolves; each acknowledged one is remembered. */
async function writeLoad(stop: Promise<unknown>) {
  const acked = emptyAcknowledged();
  let done = false;
  const refused: string[] = [];
  void stop.then(() => {
    done = true;
  });
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (!done) {
        const reply = await write(client(cluster.url), "error record", acked).catch((error: Error) => ({
          status: 0,
          text: error.message,
        }));
        if (reply.status !== 201) refused.push(`${reply.status} ${reply.text.slice(0, 160)}`);
      }
    }),
  );
  return { acked, refused };
}

/**
 * Readers and writers through the proxy while `during` runs. The processes have served the pages
 * before (as a running site's have: the content chain and the page cache warm), so that the load
 * is what a running site sees, not each process's first renders. A kill -9 cuts an answer a process
 * is still writing, which no proxy can pass on once it started sending it (docs/decisions/040);
 * warm, an answer is written in one piece from the page cache, or once a second after a render.
 */
async function underLoad(during: () => Promise<void>) {
  for (const site of cluster.sites) for (const path of [...READ_PATHS, ...READ_PATHS]) await client(site.url).get(path);
  let release: () => void = () => {};
  const stop = new Promise<void>((resolve) => (release = resolve));
  const tally = newTally();
  const reads = readLoad(stop, tally);
  const writes = writeLoad(stop);
  await expect.poll(() => tally.ok).toBeGreaterThan(20);
  try {
    await during();
  } finally {
    release();
  }
  const [read, written] = await Promise.all([reads, writes]);
  return { read, written };
}

test("kill -9 of one process under load: no failed read at the proxy, no acknowledged write lost", async () => {
  test.setTimeout(90_000);
  const [siteA] = cluster.sites as [(typeof cluster.sites)[0]];
  const { read, written } = await underLoad(async () => {
    await siteA.kill();
    // Load goes on against B alone, then A comes back and takes its share again.
    await siteA.start();
    await untilProxiedTo(cluster, siteA);
  });
  expect(read.failed, cluster.nginx.errors()).toEqual([]);
  // What A was still sending when it died is cut: at most one answer per reader (each has one
  // request at a time), never a request that had not been answered yet.
  expect(read.cut.length).toBeLessThanOrEqual(READERS);
  // Both processes served the readers (A before its kill and after its restart).
  expect([...read.by.keys()].sort()).toEqual(cluster.sites.map((site) => Number(new URL(site.url).port)).sort());
  expect(written.acked.errors.length).toBeGreaterThan(0);
  expect(await lostOrBroken(siteA, written.acked)).toEqual([]);
});

test("a rolling restart (SIGTERM, start again, one process at a time) under load: no failed request, each stop within 10 s", async () => {
  test.setTimeout(120_000);
  const stops: { code: number | null; ms: number }[] = [];
  const { read, written } = await underLoad(async () => {
    for (const site of cluster.sites) {
      stops.push(await site.terminate());
      await site.start();
      await untilProxiedTo(cluster, site);
    }
  });
  for (const stopped of stops) {
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);
  }
  expect(read.failed, cluster.nginx.errors()).toEqual([]);
  // A stopping process finishes what it sends: nothing is cut.
  expect(read.cut).toEqual([]);
  // No keep-alive pool between nginx and the processes: a stopped process refuses new
  // connections before anything is sent, so nginx passes even a write on to the other one. The
  // one exception is a connection the kernel had already accepted for the port when it closed:
  // it is reset after nginx sent the request, and nginx never retries a POST it sent (it cannot
  // know whether it was done). So a write may get nginx's own 502, at most one per writer and stop
  // (each writer has one request at a time), never the app's error; docs/decisions/040 says how
  // an operator avoids even that (take the process out of the upstream first). nginx answers it
  // as the site's 503, in JSON for the API (deploy/nginx/unavailable.json, docs/decisions/046).
  for (const refusal of written.refused) {
    expect(refusal, cluster.nginx.errors()).toMatch(/^503 \{/);
    expect(JSON.parse(refusal.slice(4))).toEqual(UNAVAILABLE_JSON);
  }
  expect(written.refused.length).toBeLessThanOrEqual(WRITERS * cluster.sites.length);
  expect(await lostOrBroken(firstSite(), written.acked)).toEqual([]);
});

test("with no process answering, nginx gives readers the site's 503 page and the API its JSON, with Retry-After; then serves again", async ({
  page,
  browser,
}) => {
  for (const site of cluster.sites) await site.kill();
  try {
    const reader = client(cluster.url);
    const story = await reader.get("/stories");
    expect(story.status, story.text.slice(0, 300)).toBe(503);
    expect(story.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(story.headers.get("retry-after")).toBe("30");
    expect(story.headers.get("cache-control")).toBe("no-store");
    expect(story.text).toContain(`<title>503 - ${STATUS_PAGES[503].title} | Horror Stories</title>`);
    expect(story.text).toContain(STATUS_PAGES[503].message);
    expect(story.text).not.toContain("nginx");
    expect(story.text).not.toContain("Bad Gateway");
    // A form sent meanwhile: the same page, never nginx's own.
    const post = await reader.post("/contact", { body: { form: { message: "hello" } } });
    expect(post.status).toBe(503);
    expect(post.text).toContain(STATUS_PAGES[503].message);
    const api = await reader.get("/api/posts");
    expect(api.status).toBe(503);
    expect(api.headers.get("content-type")).toBe("application/json");
    expect(api.headers.get("retry-after")).toBe("30");
    expect(api.json).toEqual(UNAVAILABLE_JSON);

    // As a reader sees it: the page, its one way on (the same address again), and nothing axe finds.
    await page.goto(`${cluster.url}/stories`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service Unavailable");
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "");
    await expectAccessible(page, { jsEnabled: true, browser });
  } finally {
    for (const site of cluster.sites) {
      await site.start();
      await untilProxiedTo(cluster, site);
    }
  }
  expect((await client(cluster.url).get("/stories")).status).toBe(200);
});
