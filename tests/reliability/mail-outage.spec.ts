// The mail server down or silent (docs/decisions/045): a password reset answers the same at once,
// whether or not an account uses the address, and whatever the mail server does (an error, or a
// wait for it, told a stranger which addresses have accounts); an email change says its link was
// not sent, keeps what the reader typed, and leaves nothing pending. Each against a mail server of
// its own on loopback: one that refuses connections, one that accepts and never answers, one that
// refuses every recipient and names it. Each mail that did not leave is a row of the admins' error
// log (docs/decisions/059) that says which mail and why, and never to whom.
import net from "node:net";
import { test as base } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { hiddenFields, httpClient } from "../support/http-client.ts";
import { freePort } from "../support/ports.ts";
import { ADMIN_ENV, SITE_ADMIN, type Site, startSite } from "../support/site-server.ts";
import { giveConsent } from "../support/test.ts";
import { askForEmailChange, expect, newReader } from "./fixtures.ts";

/** A mail server that takes connections and never says a word (nodemailer waits 10 s for its greeting). */
async function silentMailServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A mail server that takes the connection and refuses every recipient, naming the address, as real ones do. */
async function recipientRefusingMailServer() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = new Error(`<${address.address}>: Recipient address rejected: User unknown in local table`);
      callback(Object.assign(refusal, { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const test = base.extend<{ refusing: Site }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  refusing: async ({}, use) => {
    // Nothing listens on the port: every connection is refused.
    const site = await startSite({ env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, ...ADMIN_ENV } });
    await use(site);
    await site.dispose();
  },
});

type LogRow = { message: string; stack: string | null; context: string | null; url: string | null; source: string };

/** The error log's rows about mail, as the admin's page reads them. */
const mailRows = (site: Site) =>
  site.query<LogRow>(
    `SELECT message, stack, context, url, source FROM "ErrorLog" WHERE message LIKE 'Mail not sent%' ORDER BY "receivedAt"`,
  );

/** The error log as the administrator reads it, at /admin/bug-reports (server records only). */
async function adminErrorLog(site: Site): Promise<string> {
  const admin = httpClient(site.url);
  await admin.signIn(SITE_ADMIN.email, SITE_ADMIN.password);
  const page = await admin.get("/admin/bug-reports?esource=server");
  expect(page.status).toBe(200);
  return page.text;
}

async function askForReset(site: Site, email: string, timeoutMs?: number) {
  const client = httpClient(site.url);
  const hidden = await hiddenFields(client, "/reset-password");
  return client.post("/reset-password", {
    body: { form: [...Object.entries(hidden), ["intent", "request"], ["email", email]] },
    timeoutMs,
  });
}

test("the mail server refuses: a reset answers the same for an address with an account and one without", async ({
  refusing: site,
}) => {
  const owner = newReader();
  await httpClient(site.url).register(owner);
  for (const email of [owner.email, "nobody-at-all@horror.test"]) {
    const reply = await askForReset(site, email);
    expect(reply.status, `${email}: ${reply.text.slice(0, 200)}`).toBe(302);
    expect(reply.location).toBe("/reset-password?sent=1");
  }
  // The operators are told, once the answer has gone, and so are the admins, in the error log.
  await expect.poll(() => site.stderr()).toContain("[password reset mail] failed: Email could not be sent");
  await expect
    .poll(async () => (await mailRows(site)).map((row) => row.message))
    .toEqual([expect.stringMatching(/^Mail not sent \(password reset\): Email could not be sent: .*ECONNREFUSED/)]);
  const [row] = await mailRows(site);
  expect(row?.source).toBe("server");
  expect(JSON.stringify(row)).not.toContain(owner.email);
  expect(await adminErrorLog(site)).toContain("Mail not sent (password reset): Email could not be sent");
});

test("a mail server that refuses the recipient and names it: the error log and the server's output never hold the address", async () => {
  const mail = await recipientRefusingMailServer();
  const site = await startSite({ env: { SMTP_URL: mail.url } });
  try {
    const owner = newReader();
    await httpClient(site.url).register(owner);
    const reply = await askForReset(site, owner.email);
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/reset-password?sent=1");
    await expect
      .poll(async () => (await mailRows(site)).map((row) => row.message))
      .toEqual([
        "Mail not sent (password reset): Email could not be sent: Can't send mail - all recipients were rejected: 550 <<address>>: Recipient address rejected: User unknown in local table",
      ]);
    const [row] = await mailRows(site);
    expect(JSON.parse(row?.context ?? "{}")).toEqual({ mail: "password reset", code: "EENVELOPE", responseCode: 550 });
    await expect.poll(() => site.stderr()).toContain("[password reset mail] failed:");
    const everything = `${JSON.stringify(await site.query('SELECT * FROM "ErrorLog"'))}${site.stderr()}${site.stdout()}`;
    expect(everything.toLowerCase()).not.toContain(owner.email.toLowerCase());
  } finally {
    await site.dispose();
    await mail.close();
  }
});

test("the mail server refuses: a contact message is kept and thanked for, and its mail's failure is in the error log without either address", async ({
  refusing: site,
}) => {
  const client = httpClient(site.url);
  const hidden = await hiddenFields(client, "/contact");
  const writer = `writer-${Date.now()}@horror.test`;
  const reply = await client.post("/contact", {
    body: {
      form: [
        ...Object.entries(hidden),
        ["name", "A Reader"],
        ["email", writer],
        ["subject", "The mail is down"],
        ["message", "Something for the site's inbox, while its mail server refuses."],
      ],
    },
  });
  expect(reply.status, reply.text.slice(0, 300)).toBe(302);
  expect(reply.location).toBe("/contact?sent=1");
  const kept = await site.query<{ mailedAt: unknown }>('SELECT "mailedAt" FROM "ContactMessage" WHERE email = ?', [
    writer,
  ]);
  expect(kept).toEqual([{ mailedAt: null }]);
  const rows = await mailRows(site);
  expect(rows.map((row) => row.message)).toContainEqual(
    expect.stringMatching(/^Mail not sent \(contact message\): Email could not be sent: /),
  );
  expect(JSON.stringify(rows)).not.toContain(writer);
  expect(JSON.stringify(rows)).not.toContain("hello@horrorstories.example");
});

test("the mail server never answers: the reset answer does not wait for it", async () => {
  const mail = await silentMailServer();
  const site = await startSite({ env: { SMTP_URL: mail.url } });
  try {
    const owner = newReader();
    await httpClient(site.url).register(owner);
    // Far below nodemailer's 10 s wait for the greeting: an answer that waited for the mail
    // server would not come in time.
    const reply = await askForReset(site, owner.email, 5_000);
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/reset-password?sent=1");
  } finally {
    await site.dispose();
    await mail.close();
  }
});

test("the mail server refuses: an email change says the link was not sent, keeps the address typed, and leaves no change pending", async ({
  refusing: site,
}) => {
  const reader = newReader();
  const client = httpClient(site.url);
  await client.register(reader);
  const next = `next-${reader.email}`;
  const reply = await askForEmailChange(client, next);
  expect(reply.status, reply.text.slice(0, 300)).toBe(503);
  expect(reply.headers.get("retry-after")).toBe("60");
  expect(reply.text).toContain(
    "We could not send the confirmation link just now, so your address is unchanged. Please try again in a few minutes.",
  );
  expect(reply.text).toContain(`value="${next}"`);
  const pending = await site.query<{ n: number }>(
    'SELECT COUNT(*) AS n FROM "EmailChange" e JOIN "User" u ON u.id = e."userId" WHERE u.email = ?',
    [reader.email],
  );
  expect(Number(pending[0]?.n)).toBe(0);
  expect(site.stderr()).toContain("[mail] an email change confirmation was not sent");
  const rows = await mailRows(site);
  expect(rows.map((row) => row.message)).toContainEqual(
    expect.stringMatching(/^Mail not sent \(email change confirmation\): Email could not be sent: /),
  );
  expect(JSON.stringify(rows)).not.toContain(next);
});

test("the mail server refuses: in the browser, with JavaScript and without, the email form says so and keeps the address", async ({
  refusing: site,
  browser,
}) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, baseURL: site.url });
    await giveConsent(context, site.url);
    const page = await context.newPage();
    const reader = newReader();
    await page.goto("/auth");
    await page.request.post("/api/auth/register", {
      data: reader,
      headers: {
        "X-CSRF-Token": ((await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string }).csrfToken,
      },
    });
    await page.goto("/settings/profile");
    if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor();
    const section = page.getByRole("region", { name: "Email address" });
    const next = `next-${reader.email}`;
    await section.getByLabel("New email address").fill(next);
    await section.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(section.getByText("We could not send the confirmation link just now")).toBeVisible();
    await expect(section.getByLabel("New email address")).toHaveValue(next);
    await context.close();
  }
});
