// Who is asking: the address rate limits and logs count a reader by.
//
// Behind a reverse proxy the socket is the proxy, so the address comes from a
// header the proxy writes. A client can write that header too: X-Forwarded-For
// arrives with whatever the client put in it, and each trusted proxy APPENDS the
// address it saw. So the client's real address is the right-most entry that no
// trusted hop added, counted from the right: with one proxy the last entry,
// with two the one before it. Never the left-most, which the client chose.
// https://www.rfc-editor.org/rfc/rfc7239#section-5.2 and MDN, X-Forwarded-For, "Security and privacy concerns".
import type { IncomingMessage } from "node:http";

export type ClientAddressOptions = {
  /** A header a trusted proxy writes (e.g. X-Forwarded-For); unset = the socket. */
  header?: string;
  /** How many trusted proxies append to that header (1 = one proxy in front of the server). */
  hops: number;
};

/** The address as the entries of a forwarding header name it, or null when it names none. */
export function addressFromHeader(value: string | string[] | undefined, hops: number): string | null {
  const text = Array.isArray(value) ? value.join(",") : value;
  if (!text) return null;
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  // Fewer entries than trusted hops: the left-most is the nearest thing to the client we have.
  return entries[Math.max(0, entries.length - Math.max(1, hops))] ?? null;
}

export function resolveClientAddress(req: IncomingMessage, options: ClientAddressOptions): string {
  if (options.header) {
    const fromHeader = addressFromHeader(req.headers[options.header.toLowerCase()], options.hops);
    if (fromHeader) return fromHeader;
  }
  return req.socket.remoteAddress ?? "unknown";
}
