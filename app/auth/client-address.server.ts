import type { RouterContextProvider } from "react-router";
import { env } from "~/env.server";
import { socketAddressContext } from "~/utils/request-context";

/**
 * The client's address: from the configured trusted proxy header (its first,
 * client-most entry), else the socket. Only trust a header your proxy sets.
 */
export function clientAddress(request: Request, context: Readonly<RouterContextProvider>): string {
  if (env.TRUSTED_PROXY_HEADER) {
    const value = request.headers.get(env.TRUSTED_PROXY_HEADER)?.split(",")[0]?.trim();
    if (value) return value;
  }
  return context.get(socketAddressContext) ?? "unknown";
}
