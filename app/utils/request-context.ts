import { createContext } from "react-router";

/**
 * The client's network address as the Node server saw it (server.js puts it
 * here). A configured trusted proxy header takes precedence (see
 * app/auth/client-address.server.ts).
 */
export const socketAddressContext = createContext<string | null>(null);
