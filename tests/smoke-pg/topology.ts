// The browser smoke subset on the several-process topology (issue 42, docs/decisions/040): two
// app processes of the production build on one throwaway PostgreSQL database, behind Debian's
// nginx with the repository's configuration (tests/support/cluster.ts, as the multi-process suite
// runs it). The topology is started once per worker and every test's browser talks to nginx.
// Each test then checks that both processes answered part of it (nginx's X-Upstream, added for
// tests only), so a test cannot pass with the requests going to one process.
import type { BrowserContext, Response } from "@playwright/test";
import { answeredBy, type Cluster, readerAddress, startCluster } from "../support/cluster";
import { test as base, expect } from "../support/test";

export { SITE_ADMIN } from "../support/site-server";
export { expect } from "../support/test";

/** The processes behind nginx: the topology's point is more than one. */
export const PROCESSES = 2;

export const test = base.extend<{ servedBy: Set<number> }, { topology: Cluster }>({
  topology: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
    async ({}, use) => {
      // The engine comes from the project's metadata (smoke-pg: postgresql); startSite reads it.
      const cluster = await startCluster({ processes: PROCESSES });
      try {
        for (const site of cluster.sites) expect(site.engine, "the topology runs on PostgreSQL").toBe("postgresql");
        await use(cluster);
      } finally {
        await cluster.dispose();
      }
    },
    // Two production processes and nginx (installed first on a machine without it).
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ topology }, use) => {
    await use(topology.url);
  },
  // The processes trust X-Forwarded-For two hops deep (CLUSTER_ENV): the test plays the load
  // balancer in front of nginx and names a reader address of its own, so that rate limits (the
  // sign-in form's) count per test, as X-Test-Client does on the SQLite suite's server.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ "X-Forwarded-For": readerAddress() });
  },
  servedBy: [
    async ({ browser, context, topology }, use, testInfo) => {
      const served = new Set<number>();
      const record = (response: Response) => {
        const port = answeredBy(new Headers(response.headers()));
        if (port !== null) served.add(port);
      };
      const watched = new WeakSet<BrowserContext>();
      const watch = (each: BrowserContext) => {
        if (watched.has(each)) return;
        watched.add(each);
        each.on("response", record);
      };
      watch(context);
      browser.on("context", watch);
      await use(served);
      browser.off("context", watch);
      if (testInfo.status !== testInfo.expectedStatus) return; // already failed: that failure says more
      const ports = topology.sites.map((site) => Number(new URL(site.url).port)).sort();
      expect(ports, "processes behind nginx").toHaveLength(PROCESSES);
      expect([...served].sort(), "the processes that answered this test's browser through nginx").toEqual(ports);
    },
    { auto: true },
  ],
});
