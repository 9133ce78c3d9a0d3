// The PostgreSQL server's address, remembered, so that no reader waits on DNS for it.
//
// Every new connection to PostgreSQL (the pool growing for a page's queries, a lease's own
// session) looked the database's host name up first. A lookup that goes unanswered costs the
// resolver's timeout, 5 s per try: in the compose topology under podman (Debian 12's
// aardvark-dns 1.4, which drops queries while it reloads, each time a container on the machine
// starts or stops: containers/aardvark-dns#389) a story page behind nginx waited 10 s, and once
// more than 30 s, for one such lookup. A connection now uses the address last resolved for its
// host and looks the name up again in the background when that answer is older than
// REFRESH_MS; only the first connection to a host waits for a lookup. A connection that cannot
// reach the remembered address forgets it, so the next one asks DNS again (a database that came
// back on another address).
import dns from "node:dns";
import net from "node:net";

/** How long an address is used before a new connection also looks the name up again, in the background. */
export const REFRESH_MS = 5_000;

type Address = { address: string; family: number };
type Entry = { addresses: Address[]; resolvedAt: number; refreshing: boolean };

const remembered = new Map<string, Entry>();

/** What a connection that failed to reach its address says: the address may be old. */
const UNREACHABLE = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "EHOSTDOWN"]);

function resolve(hostname: string, done: (error: NodeJS.ErrnoException | null, addresses: Address[]) => void) {
  dns.lookup(hostname, { all: true }, (error, addresses) => {
    if (!error && addresses.length) remembered.set(hostname, { addresses, resolvedAt: Date.now(), refreshing: false });
    else {
      const entry = remembered.get(hostname);
      if (entry) entry.refreshing = false;
    }
    done(error, addresses ?? []);
  });
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for net.connect: the remembered answer at once, a fresh one when there is none yet. */
export function rememberedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  const answer = (addresses: Address[]) => {
    const wanted = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
    if (options.all) return callback(null, wanted);
    const first = wanted[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "");
    callback(null, first.address, first.family);
  };
  const entry = remembered.get(hostname);
  if (entry) {
    if (Date.now() - entry.resolvedAt > REFRESH_MS && !entry.refreshing) {
      entry.refreshing = true;
      resolve(hostname, () => {});
    }
    answer(entry.addresses);
    return;
  }
  resolve(hostname, (error, addresses) => (error ? callback(error, "") : answer(addresses)));
}

/** The remembered answer for a host name and when it was resolved, if any (for tests and diagnostics). */
export function rememberedAnswer(hostname: string): { addresses: string[]; resolvedAt: number } | undefined {
  const entry = remembered.get(hostname);
  return entry && { addresses: entry.addresses.map((a) => a.address), resolvedAt: entry.resolvedAt };
}

/**
 * A socket for `pg` (its `stream` option): connections by host name go through rememberedLookup.
 * Unix sockets and literal addresses connect as pg asks.
 */
export function databaseSocket(): net.Socket {
  const socket = new net.Socket();
  const connect = socket.connect.bind(socket) as (...args: unknown[]) => net.Socket;
  socket.connect = ((...args: unknown[]) => {
    const [port, host] = args;
    if ((typeof port !== "number" && typeof port !== "string") || typeof host !== "string" || net.isIP(host))
      return connect(...args);
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (!socket.remoteAddress && UNREACHABLE.has(error.code ?? "")) remembered.delete(host);
    });
    return connect({ port: Number(port), host, lookup: rememberedLookup });
  }) as typeof socket.connect;
  return socket;
}
