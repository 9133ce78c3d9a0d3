// Hostile input, table-driven over every action and every /api endpoint of
// app/routes.ts: missing and extra fields, wrong types, 1 MB strings, invalid
// UTF-8, control characters, a wrong content type, JSON where a form is
// expected and the reverse, repeated fields (the bodies: hostile-cases.ts).
// A refused request gets a 4xx with a message (never a 5xx) and leaves every
// table as it was. The site is this worker's own (fixtures.ts), so nothing
// else writes to it meanwhile. Huge page numbers, path traversal in slugs and
// forged image tokens: hostile-get.spec.ts.
import { randomUUID } from "node:crypto";
import { type Body, type HttpClient, hiddenFields, httpClient, type Reply } from "../support/http-client.ts";
import { actionRoutes, apiRoutes } from "../support/route-table.ts";
import { type Account, asConsentingBrowser, ENDPOINTS, type Endpoint, endpointTableGaps } from "./endpoints.ts";
import { dataCounts, expect, hasMessage, newReader, test } from "./fixtures.ts";
import { asString, bodylessCases, type Case, formCases, jsonCases } from "./hostile-cases.ts";

test.describe("every action and /api endpoint has a row in the hostile-input table", () => {
  test("each route with an action has a row, and each row a route", () => {
    const gaps = endpointTableGaps(actionRoutes().map((r) => r.path));
    expect(gaps.missing, "actions without a row in tests/reliability/endpoints.ts").toEqual([]);
    expect(gaps.orphaned, "rows without an action").toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(0);
  });
});

for (const route of actionRoutes()) {
  test(`POST ${route.path}: hostile bodies get a 4xx with a message and write nothing`, async ({ site, as, mail }) => {
    test.setTimeout(90_000);
    const endpoint = ENDPOINTS[route.path] as Endpoint;
    expect(endpoint, `a row for ${route.path} in tests/reliability/endpoints.ts`).toBeTruthy();
    const account: Account = newReader();
    await httpClient(site.url).register(account);

    /** A new sender (signed in as the row says), with the hidden fields and token its requests carry. */
    async function prepared() {
      const signedAs = await as(endpoint.as);
      const client = endpoint.consent ? await asConsentingBrowser(signedAs) : signedAs;
      const hidden = endpoint.formPage ? await hiddenFields(client, endpoint.formPage) : {};
      const token = hidden.csrf ?? (await client.csrfToken());
      const headers: Record<string, string> =
        endpoint.csrf === "origin"
          ? { "Sec-Fetch-Site": "same-origin" }
          : endpoint.reads === "form"
            ? {}
            : { "X-CSRF-Token": token };
      return { client, hidden, token, headers };
    }
    const send = (client: HttpClient, headers: Record<string, string>, testCase: Case) =>
      client.post(route.path, {
        body: testCase.body,
        // A client address per request: rate limits would otherwise answer 429 before the input is read.
        headers: { ...headers, ...testCase.headers, "X-Test-Client": randomUUID() },
      });
    const casesFor = (hidden: Record<string, string>, token: string) => {
      const [first] = Object.values(endpoint.valid);
      const base = first ? first(account) : {};
      if (endpoint.reads === "json") return jsonCases(endpoint, base, token);
      if (endpoint.reads === "form") return formCases(endpoint, base, hidden, route.path);
      return bodylessCases(endpoint.formPage ? hidden : { csrf: token });
    };

    type Sender = Awaited<ReturnType<typeof prepared>>;
    type Attempt = { testCase: Case; before: Record<string, number> } & ({ reply: Reply } | { error: Error });
    /** Case `i`, sent by `sender`, with the row counts just before it. */
    async function sendCase({ client, hidden, token, headers }: Sender, i: number): Promise<Attempt> {
      const testCase = casesFor(hidden, token)[i] as Case;
      const before = await site.counts();
      try {
        return { testCase, before, reply: await send(client, headers, testCase) };
      } catch (error) {
        return { testCase, before, error: error as Error };
      }
    }

    // The valid submissions are accepted: the refusals below are about the input, not a broken request.
    for (const [name, make] of Object.entries(endpoint.valid)) {
      const { client, hidden, headers } = await prepared();
      const fields = Object.entries(make(account)).map(([k, v]) => [k, asString(v)] as [string, string]);
      const body: Body | undefined =
        endpoint.reads === "json"
          ? { json: make(account) }
          : endpoint.reads === "form" || endpoint.formPage
            ? { form: [...Object.entries(hidden), ...fields] }
            : undefined;
      const reply = await send(client, headers, { name, body });
      expect(endpoint.accepted, `valid "${name}": ${reply.status} ${reply.text.slice(0, 300)}`).toContain(reply.status);
    }
    // Work that runs after the answer writes its rows before it mails: once the mail is here, the
    // rows below are the cases' alone. (The first case once counted a reset's row as its own.)
    if (endpoint.mailsAfterAnswer) await mail.waitFor((m) => m.to.includes(account.email), 15_000);

    // A sender sends cases until one is accepted (an accepted case may sign the sender in, take an
    // address or use up a limit): a refused case leaves every row as it was (checked below), so the
    // next case meets the sender as a new one would. A sender answered 429 has met a limit of its
    // own account (community writing counts per account), so the case's input was not read: a new
    // sender sends it again. A new sender for every case was most of this file's time.
    const count = casesFor({ csrf: "x" }, "x").length;
    const failures: string[] = [];
    let sender: Sender | undefined;
    for (let i = 0; i < count; i++) {
      const kept = sender !== undefined;
      sender ??= await prepared();
      let attempt = await sendCase(sender, i);
      if (kept && "reply" in attempt && attempt.reply.status === 429) {
        sender = await prepared();
        attempt = await sendCase(sender, i);
      }
      const { testCase, before } = attempt;
      if (!("reply" in attempt)) {
        failures.push(`${testCase.name}: no answer (${attempt.error.message})`);
        sender = undefined;
        continue;
      }
      const { reply } = attempt;
      if (reply.status < 400 || reply.status === 429 || reply.status >= 500) sender = undefined;
      const after = await site.counts();
      const summary = `${testCase.name}: ${reply.status} ${reply.location ?? ""} ${reply.text.slice(0, 160).replaceAll("\n", " ")}`;
      if (reply.status >= 500) {
        failures.push(`${summary} (a 5xx)`);
        continue;
      }
      const admins = await site.query<{ n: number }>('SELECT COUNT(*) AS n FROM "User" WHERE "isAdmin" = true');
      if (Number(admins[0]?.n) !== 1) failures.push(`${summary} (made an administrator)`);
      if (reply.status < 400) {
        if (!testCase.mayAccept) failures.push(`${summary} (accepted)`);
        const location = reply.location;
        const onSite = location?.startsWith("/") && !location.startsWith("//");
        if (location && (location.length > 2048 || !(onSite || endpoint.offSite?.test(location)))) {
          failures.push(`${testCase.name}: redirected to ${location.slice(0, 80)}… (${location.length} characters)`);
        }
        continue;
      }
      if (!hasMessage(reply)) failures.push(`${summary} (no message)`);
      if (JSON.stringify(dataCounts(after)) !== JSON.stringify(dataCounts(before))) {
        failures.push(`${summary} (rows changed: ${JSON.stringify(changed(before, after))})`);
      }
      const counters = endpoint.counters ?? 1;
      if ((after.RateLimit ?? 0) - (before.RateLimit ?? 0) > counters) {
        failures.push(`${summary} (more than ${counters} counter${counters > 1 ? "s" : ""})`);
      }
    }
    expect(failures, `${count} cases`).toEqual([]);
  });
}

function changed(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(
    Object.keys(after)
      .filter((t) => before[t] !== after[t])
      .map((t) => [t, `${before[t]} -> ${after[t]}`]),
  );
}
