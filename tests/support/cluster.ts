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
