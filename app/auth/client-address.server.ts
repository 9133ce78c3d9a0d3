import type { RouterContextProvider } from "react-router";
import { clientAddressContext } from "~/utils/request-context";

/** The client's address, as the HTTP layer resolved it (server/client-address.ts): what rate limits count by. */
export function clientAddress(context: Readonly<RouterContextProvider>): string {
  return context.get(clientAddressContext);
}
