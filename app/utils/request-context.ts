import { createContext, type ServerBuild } from "react-router";

/**
 * The client's network address, as the HTTP layer resolved it from the socket
 * or a trusted proxy's header (server/client-address.ts).
 */
export const clientAddressContext = createContext<string>("unknown");

/**
 * A random value the HTTP layer makes for each render (server/request-handler.ts): the document
 * renders it as the `nonce` of the inline scripts the app itself writes, and the HTTP layer allows
 * exactly those by their hashes, then takes the value out of the document (server/security-headers.ts).
 * Null where no HTTP layer gave one: then no inline script is allowed.
 */
export const scriptMarkerContext = createContext<string | null>(null);

/**
 * Whether the HTTP layer renders a document (true), not a client navigation's `.data` request: a
 * document's story text is in its HTML, so its hydration data need not carry it again
 * (app/library/document-story-text.tsx). False where no HTTP layer says.
 */
export const documentRequestContext = createContext<boolean>(false);

/**
 * The request's body was past its limit on a page whose action answers that itself (an avatar
 * form, UPLOAD_PATHS in ~/utils/http): the HTTP layer drained it and passed the request on without
 * it (server/body-limit.ts). Nothing of the form was read, so nothing may act on it (readPostedForm).
 */
export const bodyTooLargeContext = createContext<boolean>(false);

/**
 * The route modules of the server build, as the HTTP layer loads it (server/app.ts): the JSON API
 * reads from them which methods each of its routes takes (app/site/api-methods.server.ts). Null
 * where no HTTP layer gave them: then no method is refused before React Router's own check.
 */
export const serverRoutesContext = createContext<(() => Promise<ServerBuild["routes"]>) | null>(null);
