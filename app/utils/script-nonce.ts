import { createContext, use } from "react";

/**
 * The `nonce` an inline script the app writes itself carries on the server (besides React
 * Router's, which get it from <ServerRouter nonce>): the per-render marker of
 * app/utils/request-context.ts scriptMarkerContext. It never reaches the browser: the HTTP layer
 * hashes the scripts that carry it and removes it. Undefined in the browser.
 */
export const ScriptNonceContext = createContext<string | undefined>(undefined);

export const useScriptNonce = () => use(ScriptNonceContext);
