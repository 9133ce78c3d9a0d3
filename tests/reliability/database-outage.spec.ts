// PostgreSQL out of reach for a moment (docs/decisions/045): restarting, failing over, or behind
// a network that holds its packets back. Readers get the 503 page with Retry-After, never the 500
// page, and never a page that does not come; the JSON API a 503 in its own shape (spec §8); and
// once the database is back the site serves again by itself, on the same process.
//
// The site reaches the run's real PostgreSQL through a TCP link on loopback that the test breaks
// (tests/support/tcp-link.ts). PostgreSQL only: the reliability project's SQLite file has no
// network, and broken-database.spec.ts covers a file that fails.
import { test as base } from "@playwright/test";
import { type HttpClient, httpClient } from "../support/http-client.ts";
import { type Site, startSite } from "../support/site-server.ts";
import { startTcpLink, type TcpLink } from "../support/tcp-link.ts";
import { giveConsent } from "../support/test.ts";
import { expect, newReader, publishedStoryPath } from "./fixtures.ts";

/** The limits the site is started with: short, so that the test waits little for them. */
const CONNECT_TIMEOUT_MS = 2_000;
const QUERY_TIMEOUT_MS = 2_000;

const test = base.extend<{ linked: { site: Site; link: TcpLink } }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  linked: async ({}, use) => {
    let link: TcpLink | undefined;
    const site = await startSite({
      engine: "postgresql",
      env: {
        DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
        DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      },
      serverDatabaseUrl: async (url) => {
        const direct = new URL(url);
        link = await startTcpLink({ host: direct.hostname, port: Number(direct.port) });
        const linked = new URL(url);
        linked.hostname = "127.0.0.1";
        linked.port = String(link.port);
        return linked.toString();
      },
    });
    if (!link) throw new Error("the site was started without its link");
    await use({ site, link });
    await site.dispose();
    await link.close();
  },
});

/** A published story's address, and a reader signed in on the site. */
async function aStoryAndAReader(site: Site) {
  const reader = httpClient(site.url);
  await reader.register(newReader());
  return { story: await publishedStoryPath(site), reader };
}

/**
 * What a reader, a signed-in reader and the API get while the database is out of reach: each
 * answers (within the client's own limit, far above the site's timeouts) with the outage's 503.
 */
async function expectOutageAnswers(site: Site, story: string, reader: HttpClient) {
  const timeoutMs = 4 * (CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS);
  const anonymous = httpClient(site.url);
  const pages = [
    ["a reader", anonymous, story],
    ["a reader", anonymous, "/stories"],
    ["a signed-in reader", reader, "/bookmarks"],
  ] as const;
  // At once, as readers come: each waits out the timeouts on its own.
  const [api, health, ...answers] = await Promise.all([
    anonymous.get("/api/posts", { timeoutMs }),
    anonymous.get("/api/health", { timeoutMs }),
    ...pages.map(([, client, path]) => client.get(path, { timeoutMs })),
  ]);
  for (const [index, [who, client, path]] of pages.entries()) {
    const page = answers[index] as (typeof answers)[number];
    expect(page.status, `${who} at ${path}: ${page.text.slice(0, 300)}`).toBe(503);
    expect(page.text).toContain("<title>503 - Service Unavailable | Horror Stories</title>");
    expect(page.text).toContain("Our service is temporarily unavailable.");
    expect(page.text).not.toContain("Internal Server Error");
    // Without JavaScript too, the page offers the same address again.
    expect(page.text).toMatch(new RegExp(`<a[^>]* href="${path.replace(/[?]/g, "\\?")}"[^>]*>Try again</a>`));
    expect(page.headers.get("retry-after"), `${who} at ${path}`).toBe("30");
    // A signed-in reader's answer is private as well (docs/decisions/031).
    expect(page.headers.get("cache-control"), `${who} at ${path}`).toBe(
      client === reader ? "private, no-store" : "no-store",
    );
  }
  expect(api.status, api.text).toBe(503);
  expect(api.json).toEqual({ message: "Our service is temporarily unavailable.", code: "SERVER_ERROR" });
  expect(api.headers.get("retry-after")).toBe("30");
  expect(health.status).toBe(503);
  expect(health.json).toMatchObject({ status: "unavailable", database: "unavailable" });
}

/** Everything serves again, without a restart of the server. */
async function expectServing(site: Site, story: string, reader: HttpClient) {
  await expect
    .poll(async () => (await httpClient(site.url).get("/api/health")).status, {
      message: "the health check is 200 again once the database is back",
    })
    .toBe(200);
  expect((await httpClient(site.url).get(story)).status).toBe(200);
  const library = await reader.get("/bookmarks");
  expect(library.status, library.text.slice(0, 300)).toBe(200);
  expect(library.text).toContain("<h1");
}

test("PostgreSQL restarts: the 503 page with Retry-After while it is away, and the site serves again by itself", async ({
  linked: { site, link },
}) => {
  const { story, reader } = await aStoryAndAReader(site);
  const pid = site.pid();

  // Every open connection is reset and new ones are refused, as while PostgreSQL restarts.
  await link.down();
  await expectOutageAnswers(site, story, reader);
  expect(site.stderr()).toContain("[database] unreachable");

  await link.up();
  await expectServing(site, story, reader);
  expect(site.pid(), "the same server process").toBe(pid);
});

test("the network holds PostgreSQL's packets back: pages answer 503 within the site's timeouts, not never", async ({
  linked: { site, link },
}) => {
  const { story, reader } = await aStoryAndAReader(site);

  // Connections open and new ones are accepted, and nothing comes back: the pool's open
  // connections meet the query timeout, new ones the connect timeout.
  link.silent();
  await expectOutageAnswers(site, story, reader);

  await link.up();
  await expectServing(site, story, reader);
});

test("with JavaScript, a click while the database is away shows the 503 page, and Try again once it is back the page", async ({
  linked: { site, link },
  context,
  page,
}) => {
  const story = await publishedStoryPath(site);
  await giveConsent(context, site.url);
  await page.goto(site.url + story);
  await page.locator("html[data-hydrated]").waitFor();
  await link.down();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stories" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("503 Service Unavailable");
  await expect(page.getByText("Our service is temporarily unavailable.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go home" })).toBeVisible();
  await link.up();
  await expect.poll(async () => (await httpClient(site.url).get("/api/health")).status).toBe(200);
  // The error pages have no header (spec §2 Error pages): a 503 offers the same address again.
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Story Index");
  await expect(page).toHaveURL(`${site.url}/stories`);
});

test("a story the reader kept for offline reading stays readable while the database is away; another gets the 503 page", async ({
  linked: { site, link },
  context,
  page,
}) => {
  await giveConsent(context, site.url);
  await page.goto(`${site.url}/stories`);
  await page.locator("html[data-hydrated]").waitFor();
  const cards = page.getByRole("main").getByRole("heading", { level: 2 }).getByRole("link");
  const kept = (await cards.nth(0).textContent()) ?? "";
  const other = (await cards.nth(1).getAttribute("href")) ?? "";
  await cards.nth(0).click();
  const control = page.getByRole("region", { name: "Read it without a signal" });
  await control.getByRole("button", { name: "Keep for reading offline" }).click();
  await expect(control.getByRole("status")).toHaveText("Kept for reading offline on this device.");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Story Index");

  await link.down();
  // A click from the list is a client navigation, whose data request gets the 503. The app follows
  // the link again as a document load (app/offline/unanswered.ts), which the service worker answers
  // with the kept copy, at once, with no 503 page in between (docs/decisions/046).
  await cards.nth(0).click();
  await expect(page.getByRole("heading", { level: 1, name: kept })).toBeVisible();
  await expect(page.locator("#p-0")).toBeVisible();
  // A document load of a story that is not kept: the site's own 503 page.
  await page.goto(site.url + other, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("503 Service Unavailable");
});
