import { createContext } from "react-router";

/**
 * The client's network address, as the HTTP layer resolved it from the socket
 * or a trusted proxy's header (server/client-address.ts).
 */
export const clientAddressContext = createContext<string>("unknown");
