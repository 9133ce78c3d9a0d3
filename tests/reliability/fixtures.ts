import { randomUUID } from "node:crypto";
import { createClient } from "@libsql/client";
import { test as base, expect } from "@playwright/test";
import { type HttpClient, httpClient } from "../support/http-client.ts";
import { startOidcProvider } from "../support/oidc-provider.ts";
import { ADMIN_ENV, SITE_ADMIN, type Site, startSite } from "../support/site-server.ts";
import { type SmtpCatcher, startSmtpCatcher } from "../support/smtp-catcher.ts";

export { expect };

export type Role = "anonymous" | "reader" | "admin";
/** Every role, in the order the authorisation matrices ask them. */
export const ROLES: Role[] = ["anonymous", "reader", "admin"];

/**
 * Each worker gets a site of its own (built server, fresh database, an
 * administrator, a mail catcher, no remote source and no schedule): the tests of one worker
 * run one after another, so a test can compare the database before and after
 * a request without other tests writing to it.
 */
export const test = base.extend<{ as: (role: Role) => Promise<HttpClient> }, { site: Site; mail: SmtpCatcher }>({
  // A mail server of its own: in production, password reset by email is only offered with one.
  // Tests read what the site sent (the mail limits of docs/decisions/032).
  mail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
    async ({}, use) => {
      const mail = await startSmtpCatcher({ port: 0 });
      await use(mail);
      await mail.close();
    },
    { scope: "worker" },
  ],
  site: [
    async ({ mail }, use) => {
      // An OpenID Connect provider of its own, so that Connect (/settings/connected-accounts) has
      // somewhere to send the reader. Sites of site-server.ts have none unless asked, like this.
      const oidc = await startOidcProvider({ port: 0 });
      const site = await startSite({ env: { ...ADMIN_ENV, SMTP_URL: mail.url, ...oidcEnv(oidc.issuer) } });
      await use(site);
      await site.dispose();
      await oidc.close();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  as: async ({ site }, use) => {
    await use(async (role) => {
      const client = httpClient(site.url);
      if (role === "admin") await client.signIn(SITE_ADMIN.email, SITE_ADMIN.password);
      if (role === "reader") await client.register(newReader());
      return client;
    });
  },
});

/** The provider the reliability sites offer (id "lantern"). */
export const RELIABILITY_OIDC = { id: "lantern", name: "Lantern ID" };
const oidcEnv = (issuer: string) => ({
  OIDC_PROVIDERS: RELIABILITY_OIDC.id,
  OIDC_LANTERN_ISSUER: issuer,
  OIDC_LANTERN_CLIENT_ID: "reliability-site",
  OIDC_LANTERN_CLIENT_SECRET: "reliability-secret",
  OIDC_LANTERN_NAME: RELIABILITY_OIDC.name,
});

export function newReader() {
  const id = randomUUID().slice(0, 8);
  return { email: `reader-${id}@horror.test`, username: `reader_${id}`, password: `candle-${id}-wax` };
}

/** The 4xx answer carries a message a person can read: JSON `message`, the error page, or the form's errors. */
export function hasMessage(reply: { text: string; json: unknown; headers: Headers }): boolean {
  const json = reply.json as { message?: unknown } | undefined;
  if (json && typeof json.message === "string" && json.message.trim()) return true;
  const type = reply.headers.get("content-type") ?? "";
  if (type.includes("text/html"))
    return /<title>4\d\d - [^<]+<\/title>/.test(reply.text) || /role="alert"/.test(reply.text);
  // Plain text from the server in front of the app (e.g. 413): a sentence.
  return type.includes("text/plain") && reply.text.trim().length > 0;
}

/**
 * Row counts that no request moves: all but Lease, the lock a background job (the scheduled sync,
 * the e-mail digest) takes and gives back on its own timer, whatever a request does. A refused
 * request once "changed" it (0 -> 1) when the sync started between the two counts.
 */
export function requestCounts(counts: Record<string, number>) {
  const { Lease: _lock, ...rows } = counts;
  return rows;
}

/** Row counts that must not move on a refused request (RateLimit counts refused attempts by design). */
export function dataCounts(counts: Record<string, number>) {
  const { RateLimit: _counters, ...data } = requestCounts(counts);
  return data;
}

/** The settings form's email change, as a browser without JavaScript posts it. */
export async function askForEmailChange(client: HttpClient, email: string, currentPassword?: string) {
  return client.post("/settings/profile", {
    body: {
      form: [
        ["csrf", await client.csrfToken()],
        ["intent", "email"],
        ["email", email],
        ...(currentPassword === undefined ? [] : ([["currentPassword", currentPassword]] as [string, string][])),
      ],
    },
  });
}

/** The address of the site's first published story (the demo content). */
export async function publishedStoryPath(site: Site): Promise<string> {
  const [post] = await site.query<{ slug: string }>(
    `SELECT slug FROM "Post" WHERE status = 'published' ORDER BY id LIMIT 1`,
  );
  if (!post) throw new Error("the demo content has no published story");
  return `/story/${post.slug}`;
}

/**
 * SQLite: writes the write-ahead log back into the database file and empties it (SQLite's own
 * checkpoint, as it makes on its own). Then the file is all there is (a junk file is read), and the
 * next write must grow the log (a full disk is met).
 */
export async function emptyWriteAheadLog(site: Site) {
  const own = createClient({ url: `file:${site.dbFile}` });
  try {
    await own.execute("PRAGMA busy_timeout = 5000");
    const { rows } = await own.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    // busy = 0: the whole log went back into the file, and the log is empty.
    expect(Number(rows[0]?.busy), "the checkpoint was kept from finishing").toBe(0);
  } finally {
    own.close();
  }
}
