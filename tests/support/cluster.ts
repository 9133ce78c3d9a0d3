// Several app processes on one database behind Debian's nginx, with the repository's own nginx
// configuration (scripts/nginx.ts): the topology of docs/decisions/040 on loopback ports, for the
// multi-process suite. Each process is a site of site-server.ts (the production build), so a test
// can kill -9 one, stop it with SIGTERM and start it again on the same port.
import { randomBytes } from "node:crypto";
import { type Nginx, startNginx } from "../../scripts/nginx.ts";
import { freePort } from "./ports.ts";
import { ADMIN_ENV, type Site, startSite } from "./site-server.ts";

export type Cluster = {
  /** nginx, as readers reach the site. */
  url: string;
  sites: Site[];
  nginx: Nginx;
  dispose(): Promise<void>;
};

/**
 * The processes trust X-Forwarded-For two hops deep: nginx appends the address it sees, and a
 * test plays the trusted load balancer in front of nginx by naming its reader's address, so rate
 * limits count per test reader (a single proxy in production uses TRUSTED_PROXY_HOPS=1).
 */
export const CLUSTER_ENV = {
  ...ADMIN_ENV,
  TRUSTED_PROXY_HEADER: "X-Forwarded-For",
  TRUSTED_PROXY_HOPS: "2",
};

export async function startCluster(
  options: { processes?: number; env?: Record<string, string> } = {},
): Promise<Cluster> {
  const count = options.processes ?? 2;
  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const env = { ...CLUSTER_ENV, SITE_URL: url, ...options.env };
  const first = await startSite({ env });
  const sites = [
    first,
    ...(await Promise.all(Array.from({ length: count - 1 }, () => startSite({ env, shareDatabaseOf: first })))),
  ];
  const nginx = await startNginx(
    proxyPort,
    sites.map((site) => Number(new URL(site.url).port)),
    { tagUpstream: true },
  );
  return {
    url,
    sites,
    nginx,
    async dispose() {
      await nginx.stop();
      for (const site of sites.slice(1)) await site.dispose();
      await first.dispose();
    },
  };
}

/** A reader's address as the load balancer in front of nginx names it (IPv6's documentation prefix, RFC 3849). */
export function readerAddress(): string {
  return `2001:db8::${randomBytes(6).toString("hex").match(/.{4}/g)?.join(":")}`;
}

/** The port of the process that answered through nginx (the last one tried), from X-Upstream. */
export function answeredBy(headers: Headers): number | null {
  const last = headers.get("X-Upstream")?.split(",").pop()?.trim();
  const port = last ? Number(last.slice(last.lastIndexOf(":") + 1)) : Number.NaN;
  return Number.isInteger(port) ? port : null;
}

/**
 * Waits until nginx sends requests to this process again: after a process failed, nginx leaves
 * it out for the upstream's fail_timeout (deploy/nginx/horror-stories.conf), and a rolling
 * restart stops the next process only once the restarted one takes its share.
 */
export async function untilProxiedTo(cluster: Cluster, site: Site, timeoutMs = 15_000): Promise<void> {
  const port = Number(new URL(site.url).port);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const reply = await fetch(`${cluster.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    if (reply && answeredBy(reply.headers) === port) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx sent nothing to ${site.url} in ${timeoutMs / 1000} s`);
}
