// What a slow link is, once for the whole site: Save-Data, or an effective
// connection type of 2g or slow-2g (the Network Information API, Chromium
// only: a browser without it counts as fast). The hero image's decision
// (docs/decisions/027), the module loader's (028), the shell's motion and the
// analytics' slow share all read this rule; inline scripts that must decide
// before any module has loaded read it as SLOW_CONNECTION_EXPRESSION.

/** Effective connection types on which a reader pays for every byte and every second. */
export const SLOW_EFFECTIVE_TYPES = ["slow-2g", "2g"] as const;

export type Connection = { effectiveType?: string; saveData?: boolean };

/** 2g, slow-2g or Save-Data. */
export function isSlowConnection(connection: Connection | undefined | null): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    (SLOW_EFFECTIVE_TYPES as readonly (string | undefined)[]).includes(connection.effectiveType)
  );
}

/** The browser's own figures (`navigator.connection`), or undefined on the server and outside Chromium. */
export function browserConnection(): Connection | undefined {
  if (typeof navigator === "undefined") return undefined;
  return (navigator as Navigator & { connection?: Connection }).connection;
}

/**
 * isSlowConnection(navigator.connection) as a browser expression, for an inline
 * script that runs while the document is parsed (connection.test.ts holds the two equal).
 */
export const SLOW_CONNECTION_EXPRESSION = `((c)=>!!c&&(c.saveData===true||${JSON.stringify(SLOW_EFFECTIVE_TYPES)}.includes(c.effectiveType)))(navigator.connection)`;

/**
 * What a `<Link>` prefetches when the reader points at it, focuses it or touches it: the next
 * page's data and modules (React Router's "intent"), but nothing on a slow link or with
 * Save-Data: there a touch is as often the start of a scroll as of a tap, and React Router
 * never withdraws an intent, so a swipe that starts on a link fetches that page's data and
 * modules (docs/decisions/044). Read once, when the module loads in the browser; the server
 * renders the same markup whatever it says (the prop only adds event handlers).
 */
export const LINK_PREFETCH: "intent" | "none" = isSlowConnection(browserConnection()) ? "none" : "intent";
