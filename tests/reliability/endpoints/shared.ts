// The shape of a row of the endpoint table (../endpoints.ts) and what the rows share.
import { randomUUID } from "node:crypto";
import type { HttpClient, RequestOptions } from "../../support/http-client.ts";
import type { Role } from "../fixtures.ts";

export type Account = { email: string; username: string; password: string };

export type Endpoint = {
  /** What the action reads: a form, a JSON body, or nothing at all. */
  reads: "form" | "json" | "nothing";
  /**
   * How it passes the CSRF check (docs/decisions/005): the remix-utils token
   * (a form's hidden field, or the X-CSRF-Token header for JSON), or, for the
   * preference forms on cacheable pages, a same-origin request.
   */
  csrf: "token" | "origin";
  /** A page whose form carries the hidden fields this form is sent with (CSRF token, honeypot). */
  formPage?: string;
  /** Who sends it (the action may refuse anyone else). */
  as: Role;
  /** Valid submissions by name; `account` is a reader that exists on the site (not the sender). */
  valid: Record<string, (account: Account) => Record<string, unknown>>;
  /** The statuses a valid submission gets. */
  accepted: number[];
  /** Fields of the first valid submission the action does without (so leaving one out is no error). */
  optional?: string[];
  /**
   * Fields whose bad values are replaced by a default instead of refused
   * (e.g. redirectTo falls back to "/"): a hostile value there may be accepted.
   */
  lenient?: string[];
  /**
   * Where an accepted request may be redirected off this site (Connect goes to the OpenID Connect
   * provider's authorization endpoint); every other redirect must stay on the site.
   */
  offSite?: RegExp;
  /**
   * A valid submission mails `account` after the answer (a password reset's link: the work runs
   * after the reply, so the reply's timing says nothing of the account). The table waits for that
   * mail before its first case, so what the work writes is not counted against the case.
   */
  mailsAfterAnswer?: boolean;
  /** Rate-limit counters one request may start; 1 unless told (a sign-in counts per address and per account). */
  counters?: number;
  /**
   * The sender accepts the optional cookies first (the cookie banner's Accept): the analytics
   * reports are refused without that consent, so their input is only read with it.
   */
  consent?: boolean;
};

/** A reader's browser (a bare client's "node" user agent is a bot, and bots are not counted). */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * The sender as a reader's browser that pressed the cookie banner's Accept (a same-origin form):
 * every request it sends carries a browser's User-Agent.
 */
export async function asConsentingBrowser(client: HttpClient): Promise<HttpClient> {
  const withUa = (init: RequestOptions = {}): RequestOptions => ({
    ...init,
    headers: { "User-Agent": BROWSER_UA, ...init.headers },
  });
  const browser: HttpClient = {
    ...client,
    request: (method, path, init) => client.request(method, path, withUa(init)),
    get: (path, init) => client.request("GET", path, withUa(init)),
    post: (path, init) => client.request("POST", path, withUa(init)),
  };
  const reply = await browser.post("/cookie-consent", {
    body: {
      form: [
        ["choice", "accept"],
        ["redirectTo", "/"],
      ],
    },
    headers: { "Sec-Fetch-Site": "same-origin" },
  });
  if (reply.status !== 302) throw new Error(`Accept answered ${reply.status}`);
  return browser;
}

/** A short random tag, so each valid submission writes a new row. */
export const unique = () => randomUUID().slice(0, 8);
/** A reader nobody has registered yet. */
export const newAccount = () => {
  const id = unique();
  return { email: `hostile-${id}@horror.test`, username: `hostile_${id}`, password: `long-enough-${id}` };
};
