// The writes the crash-safety and load suites send, each one that a person
// can make (feedback, bug reports, error records, registrations; JSON API and
// forms), with a marker that finds its row again. A write counts as
// acknowledged only when its answer says so: 201 from the API, or the
// redirect the form gives on success.
import { randomUUID } from "node:crypto";
import { type HttpClient, hiddenFields, type Reply } from "../support/http-client.ts";
import type { Site } from "../support/site-server.ts";

export type Acknowledged = {
  feedback: string[];
  bugReports: string[];
  errors: string[];
  users: string[];
};

export const emptyAcknowledged = (): Acknowledged => ({ feedback: [], bugReports: [], errors: [], users: [] });

export type WriteKind =
  | "feedback api"
  | "feedback form"
  | "bug report form"
  | "error record"
  | "register api"
  | "register form";

/** Sends one write of the kind; records it when acknowledged; returns the answer (throws when there was none). */
export async function write(client: HttpClient, kind: WriteKind, acked: Acknowledged): Promise<Reply> {
  const id = randomUUID().replaceAll("-", "").slice(0, 16);
  // A client address per request: rate limits are not what this measures.
  const headers = { "X-Test-Client": randomUUID() };
  switch (kind) {
    case "feedback api": {
      const content = `written-${id} feedback through the API`;
      const reply = await client.post("/api/feedback", {
        body: { json: { type: "general", content, category: "general" } },
        headers: { ...headers, "X-CSRF-Token": await client.csrfToken() },
      });
      if (reply.status === 201) acked.feedback.push(content);
      return reply;
    }
    case "feedback form": {
      const content = `written-${id} feedback through the form`;
      const hidden = await hiddenFields(client, "/feedback");
      const reply = await client.post("/feedback", {
        body: { form: [...Object.entries(hidden), ["type", "general"], ["category", "general"], ["content", content]] },
        headers,
      });
      if (reply.status === 302 && reply.location === "/feedback?sent=1") acked.feedback.push(content);
      return reply;
    }
    case "bug report form": {
      const whatHappened = `written-${id} the page went dark`;
      const hidden = await hiddenFields(client, "/report-bug");
      const reply = await client.post("/report-bug", {
        body: { form: [...Object.entries(hidden), ["whatHappened", whatHappened], ["severity", "low"]] },
        headers,
      });
      if (reply.status === 302 && reply.location === "/report-bug?sent=1") acked.bugReports.push(whatHappened);
      return reply;
    }
    case "error record": {
      const errorId = `err_${Date.now()}_${id}`;
      const reply = await client.post("/api/errors", {
        body: { json: { id: errorId, message: "Written under load", timestamp: new Date().toISOString() } },
        headers: { ...headers, "X-CSRF-Token": await client.csrfToken() },
      });
      if (reply.status === 201) acked.errors.push(errorId);
      return reply;
    }
    case "register api": {
      const username = `w_${id}`;
      const reply = await client.post("/api/auth/register", {
        body: { json: { email: `${username}@horror.test`, username, password: `password-${id}` } },
        headers: { ...headers, "X-CSRF-Token": await client.csrfToken() },
      });
      if (reply.status === 201) acked.users.push(username);
      return reply;
    }
    case "register form": {
      const username = `f_${id}`;
      const hidden = await hiddenFields(client, "/auth?mode=register");
      const reply = await client.post("/auth", {
        body: {
          form: [
            ...Object.entries(hidden),
            ["intent", "register"],
            ["email", `${username}@horror.test`],
            ["username", username],
            ["password", `password-${id}`],
          ],
        },
        headers,
      });
      if (reply.status === 302 && reply.location?.startsWith("/auth-success")) acked.users.push(username);
      // Signed in now: sign out, so the next registration form is served again.
      client.cookies.delete("hs_session");
      return reply;
    }
  }
}

/** Every acknowledged write is in the database, once, and no row is half-written. */
export async function lostOrBroken(site: Site, acked: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const column = async (sql: string) => new Set((await site.query<{ v: string }>(sql)).map((r) => String(r.v)));
  const feedback = await column(`SELECT content AS v FROM "Feedback" WHERE content LIKE 'written-%'`);
  const bugs = await column(`SELECT "whatHappened" AS v FROM "BugReport" WHERE "whatHappened" LIKE 'written-%'`);
  const errors = await column(`SELECT id AS v FROM "ErrorLog"`);
  const users = await column(
    `SELECT u.username AS v FROM "User" u JOIN "Password" p ON p."userId" = u.id WHERE length(p.hash) = 60`,
  );
  for (const content of acked.feedback) if (!feedback.has(content)) problems.push(`lost feedback ${content}`);
  for (const text of acked.bugReports) if (!bugs.has(text)) problems.push(`lost bug report ${text}`);
  for (const id of acked.errors) if (!errors.has(id)) problems.push(`lost error record ${id}`);
  for (const username of acked.users) if (!users.has(username)) problems.push(`lost account ${username}`);
  const orphans: [string, string][] = [
    [
      "a user without a password",
      `SELECT u.id FROM "User" u LEFT JOIN "Password" p ON p."userId" = u.id WHERE p."userId" IS NULL`,
    ],
    [
      "a password without a user",
      `SELECT p."userId" FROM "Password" p LEFT JOIN "User" u ON u.id = p."userId" WHERE u.id IS NULL`,
    ],
    [
      "a session without a user",
      `SELECT s.id FROM "Session" s LEFT JOIN "User" u ON u.id = s."userId" WHERE u.id IS NULL`,
    ],
    [
      "feedback with empty fields",
      `SELECT id FROM "Feedback" WHERE content = '' OR browser = '' OR "userAgent" IS NULL`,
    ],
  ];
  for (const [what, sql] of orphans) {
    const rows = await site.query(sql);
    if (rows.length) problems.push(`${rows.length} x ${what}`);
  }
  // The file's own checks. PostgreSQL enforces foreign keys on every write and has no
  // file of the app's to damage: the orphan queries above are its check.
  if (site.engine === "sqlite") {
    const integrity = await site.query<{ integrity_check: string }>("PRAGMA integrity_check");
    if (integrity[0]?.integrity_check !== "ok") problems.push(`integrity_check: ${JSON.stringify(integrity)}`);
    const foreignKeys = await site.query("PRAGMA foreign_key_check");
    if (foreignKeys.length) problems.push(`foreign_key_check: ${JSON.stringify(foreignKeys).slice(0, 300)}`);
  }
  return problems;
}
