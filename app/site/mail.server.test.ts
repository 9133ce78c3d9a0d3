import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetPasswordEmail } from "~/auth/reset-mail.server";
import type { SmtpCatcher, SmtpCatcherHttp } from "../../tests/support/smtp-catcher";
import { parseMessage, startSmtpCatcher, startSmtpCatcherHttp } from "../../tests/support/smtp-catcher";
import { createMailer, MAIL_DISABLED_WARNING, type MailFailure, withoutAddresses } from "./mail.server";

const FROM = "Horror Stories <no-reply@horror-stories.test>";
const token = "0123456789abcdef".repeat(4);
const link = `http://localhost:3000/reset-password?token=${token}`;

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("createMailer over SMTP", () => {
  let catcher: SmtpCatcher;

  beforeAll(async () => {
    catcher = await startSmtpCatcher({ port: 0 });
  });

  afterAll(async () => {
    await catcher.close();
  });

  it("delivers the reset email with the long link intact", async () => {
    expect(link.length).toBeGreaterThan(76);
    const mailer = createMailer({ smtpUrl: catcher.url, from: FROM });
    const email = resetPasswordEmail({ username: "mara", link, minutes: 30 });
    await mailer.send({ to: "mara@example.com", ...email });

    const mail = await catcher.waitFor((m) => m.to.includes("mara@example.com"));
    expect(mail.subject).toBe("Reset your Horror Stories password");
    expect(mail.to).toEqual(["mara@example.com"]);
    expect(mail.from).toBe("no-reply@horror-stories.test");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Hello mara,");
    expect(mail.text).toContain("expires in 30 minutes");
    // A second request voids this link (the reset page says "expired or was already used"): the mail says so first.
    expect(mail.text).toContain("Asking for another one makes this one stop working: use the newest.");
    expect(mail.raw).toContain("multipart/alternative");
    expect(mail.receivedAt).toBeGreaterThan(0);
  });

  it("accepts a login in the URL", async () => {
    const mailer = createMailer({ smtpUrl: catcher.url.replace("smtp://", "smtp://user:pass@"), from: FROM });
    await mailer.send({ to: "login@example.com", subject: "With login", text: "Hello" });
    const mail = await catcher.waitFor((m) => m.to.includes("login@example.com"));
    expect(mail.text.trim()).toBe("Hello");
  });

  it("keeps a UTF-8 subject and body", async () => {
    const title = "Salt & Ash — “quoted”";
    const mailer = createMailer({ smtpUrl: catcher.url, from: FROM });
    await mailer.send({
      to: "utf8@example.com",
      subject: `${title} ${"é".repeat(60)}`,
      text: `Read “${title}” — ${link}\nÇa fait peur.`,
    });
    const mail = await catcher.waitFor((m) => m.to.includes("utf8@example.com"));
    expect(mail.subject).toBe(`${title} ${"é".repeat(60)}`);
    expect(mail.text).toContain(`Read “${title}” — ${link}`);
    expect(mail.text).toContain("Ça fait peur.");
  });

  it("waitFor rejects when no message matches in time", async () => {
    await expect(catcher.waitFor((m) => m.to.includes("nobody@example.com"), 50)).rejects.toThrow(/No matching email/);
  });

  it("rejects with an Error without the password when the server is unreachable", async () => {
    const port = await closedPort();
    const mailer = createMailer({ smtpUrl: `smtp://user:s3cret@127.0.0.1:${port}`, from: FROM });
    const error = await mailer.send({ to: "x@example.com", subject: "s", text: "t" }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain("s3cret");
    expect(String(error)).not.toContain("s3cret");
    expect(JSON.stringify(error)).not.toContain("s3cret");
  });

  it("a recipient the mail server refuses: the error names no address, and is reported with the mail's kind before the throw", async () => {
    // A real SMTP server on loopback that refuses every recipient, naming it, as mail servers do.
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        const refusal = Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), {
          responseCode: 550,
        });
        callback(refusal);
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const { port } = refusing.server.address() as { port: number };
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
      const reported: MailFailure[] = [];
      mailer.reportFailuresTo(async (failure) => reported.push(failure));
      const error = await mailer
        .send({ kind: "password reset", to: "Reader.Name@Example.com", subject: "s", text: "t" })
        .then(
          () => undefined,
          (reason: unknown) => reason as Error,
        );
      expect(error?.message).toMatch(/^Email could not be sent: .*Recipient address rejected/);
      expect(error?.message).toContain("<address>");
      expect(error?.message.toLowerCase()).not.toContain("reader.name@example.com");
      expect(reported).toEqual([{ kind: "password reset", error }]);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it("takes every address out of a mail server's words", () => {
    expect(withoutAddresses("550 <a.b+c@mail.example>: no; to=x@y.test, from <no-reply@localhost>")).toBe(
      "550 <<address>>: no; to=<address>, from <<address>>",
    );
  });

  describe("the catcher's HTTP API", () => {
    let http: SmtpCatcherHttp;

    beforeAll(async () => {
      http = await startSmtpCatcherHttp(catcher, { port: 0 });
    });

    afterAll(async () => {
      await http.close();
    });

    it("lists and clears the messages", async () => {
      const mailer = createMailer({ smtpUrl: catcher.url, from: FROM });
      await mailer.send({ to: "api@example.com", subject: "Via HTTP", text: link });
      await catcher.waitFor((m) => m.to.includes("api@example.com"));

      const listed = await fetch(`${http.origin}/messages`);
      expect(listed.status).toBe(200);
      const messages = (await listed.json()) as { to: string[]; subject: string; text: string }[];
      const last = messages.at(-1);
      expect(last?.to).toEqual(["api@example.com"]);
      expect(last?.subject).toBe("Via HTTP");
      expect(last?.text).toContain(link);

      const cleared = await fetch(`${http.origin}/messages`, { method: "DELETE" });
      expect(cleared.status).toBe(204);
      expect(catcher.messages).toEqual([]);
      expect(await (await fetch(`${http.origin}/messages`)).json()).toEqual([]);
    });
  });
});

describe("createMailer without an SMTP URL", () => {
  it("logs the recipient, subject and text instead of sending", async () => {
    const lines: string[] = [];
    const mailer = createMailer({ from: FROM, log: (line) => lines.push(line) });
    await mailer.send({ to: "dev@example.com", ...resetPasswordEmail({ username: "dev", link, minutes: 15 }) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("dev@example.com");
    expect(lines[0]).toContain("Reset your Horror Stories password");
    expect(lines[0]).toContain(link);
  });

  it("in production logs nothing of the message, and says it is disabled", async () => {
    const lines: string[] = [];
    const mailer = createMailer({ from: FROM, production: true, log: (line) => lines.push(line) });
    expect(mailer.delivery).toBe("off");
    expect(MAIL_DISABLED_WARNING).toContain("password reset by email is disabled");
    await mailer.send({ to: "prod@example.com", ...resetPasswordEmail({ username: "prod", link, minutes: 15 }) });
    await mailer.send({ to: "prod@example.com", ...resetPasswordEmail({ username: "prod", link, minutes: 15 }) });
    const logged = lines.join("\n");
    expect(logged).not.toContain(token);
    expect(logged).not.toContain("prod@example.com");
  });
});

describe("resetPasswordEmail", () => {
  it("builds the text and an escaped html version", () => {
    const email = resetPasswordEmail({ username: "<b>eve</b>", link, minutes: 60 });
    expect(email.subject).toBe("Reset your Horror Stories password");
    expect(email.text).toContain("Hello <b>eve</b>,");
    expect(email.text).toContain(link);
    expect(email.text).toContain("works once");
    expect(email.text).toContain("60 minutes");
    expect(email.text).toContain("ignore");
    expect(email.html).toContain("&lt;b&gt;eve&lt;/b&gt;");
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain(`<a href="${link}">`);
  });
});

describe("parseMessage", () => {
  it("unfolds headers, decodes encoded words and a quoted-printable part", () => {
    const raw = [
      "Subject: =?UTF-8?Q?Salt_&_Ash_=E2=80=94_?=",
      " =?UTF-8?B?4oCccXVvdGVk4oCd?=",
      'Content-Type: multipart/alternative; boundary="--_b"',
      "",
      "----_b",
      "Content-Type: text/html",
      "",
      "<p>no</p>",
      "----_b",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "caf=C3=A9 long=",
      "line=3D",
      "----_b--",
      "",
    ].join("\r\n");
    const parsed = parseMessage(raw);
    expect(parsed.subject).toBe("Salt & Ash — “quoted”");
    expect(parsed.text).toBe("café longline=");
  });

  it("decodes a base64 single-part body", () => {
    const body = Buffer.from("Ça marche\n").toString("base64");
    const raw = `Subject: plain\r\nContent-Transfer-Encoding: base64\r\n\r\n${body}\r\n`;
    expect(parseMessage(raw).text).toBe("Ça marche\n");
  });
});
