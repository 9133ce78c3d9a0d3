import { parseArgs } from "node:util";
// A real SMTP server on loopback that keeps every message it receives, for the
// tests of the outgoing email (password reset links). Accepts any login or
// none, plain SMTP only (no STARTTLS). Runs under plain `node` with type
// stripping.
//
//   node tests/support/smtp-catcher.ts --port 2525 [--http-port 3525]
//
// Run directly it also serves the caught messages as JSON over HTTP, for
// browser tests running in another process:
//   GET    /messages  -> CaughtMail[] (oldest first, newest last)
//   DELETE /messages  -> 204, forgets every message

import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { SMTPServerDataStream, SMTPServerSession } from "smtp-server";
import { SMTPServer } from "smtp-server";

export type CaughtMail = {
  /** Envelope sender (MAIL FROM), "" for a null sender. */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** Decoded Subject header. */
  subject: string;
  /** Decoded text/plain body, line breaks as "\n" ("" when the message has none). */
  text: string;
  /** The whole message as received (headers and body), decoded as UTF-8. */
  raw: string;
  /** Date.now() when the message was accepted. */
  receivedAt: number;
};

export type SmtpCatcher = {
  port: number;
  /** smtp://127.0.0.1:PORT */
  url: string;
  /** Every message received, oldest first. */
  messages: CaughtMail[];
  /** The first message (already received or arriving later) matching predicate; rejects after timeoutMs (5000). */
  waitFor(predicate: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  clear(): void;
  close(): Promise<void>;
};

export function startSmtpCatcher(options: { port?: number } = {}): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<(mail: CaughtMail) => void>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anonymous" });
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error: Error) => callback(error));
      stream.on("end", () => {
        let mail: CaughtMail;
        try {
          const raw = Buffer.concat(chunks).toString("utf8");
          const parsed = parseMessage(raw);
          mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((address) => address.address),
            subject: parsed.subject,
            text: parsed.text,
            raw,
            receivedAt: Date.now(),
          };
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        messages.push(mail);
        for (const waiter of [...waiters]) waiter(mail);
        callback(null, "Message caught");
      });
    },
  });

  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(options.port ?? 2525, "127.0.0.1", () => {
      server.off("error", onError);
      // Errors after startup (a client misbehaving) must not crash the tests.
      server.on("error", () => {});
      const port = (server.server.address() as AddressInfo).port;
      let closing: Promise<void> | undefined;
      resolve({
        port,
        url: `smtp://127.0.0.1:${port}`,
        messages,
        waitFor(predicate, timeoutMs = 5000) {
          const found = messages.find(predicate);
          if (found) return Promise.resolve(found);
          return new Promise<CaughtMail>((done, fail) => {
            const waiter = (mail: CaughtMail) => {
              if (!predicate(mail)) return;
              clearTimeout(timer);
              waiters.delete(waiter);
              done(mail);
            };
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              const seen = messages.map((m) => `${m.to.join(",")}: ${JSON.stringify(m.subject)}`).join("; ");
              fail(new Error(`No matching email within ${timeoutMs} ms (received: ${seen || "none"})`));
            }, timeoutMs);
            waiters.add(waiter);
          });
        },
        clear() {
          messages.length = 0;
        },
        close() {
          closing ??= new Promise<void>((done) => server.close(() => done()));
          return closing;
        },
      });
    });
  });
}

// ---------------------------------------------------------------------------
// HTTP API over a catcher, for tests in other processes.

export type SmtpCatcherHttp = {
  port: number;
  /** http://127.0.0.1:PORT */
  origin: string;
  close(): Promise<void>;
};

export function startSmtpCatcherHttp(catcher: SmtpCatcher, options: { port?: number } = {}): Promise<SmtpCatcherHttp> {
  const sockets = new Set<Socket>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    response.setHeader("access-control-allow-origin", "*");
    response.setHeader("cache-control", "no-store");
    if (path !== "/messages") {
      sendJson(response, 404, { error: "Not found" });
    } else if (request.method === "GET") {
      sendJson(response, 200, catcher.messages);
    } else if (request.method === "DELETE") {
      catcher.clear();
      response.writeHead(204).end();
    } else if (request.method === "OPTIONS") {
      response.writeHead(204, { "access-control-allow-methods": "GET, DELETE" }).end();
    } else {
      response.setHeader("allow", "GET, DELETE");
      sendJson(response, 405, { error: "Method not allowed" });
    }
    request.resume();
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      const port = (server.address() as AddressInfo).port;
      let closing: Promise<void> | undefined;
      resolve({
        port,
        origin: `http://127.0.0.1:${port}`,
        close() {
          closing ??= new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
            for (const socket of sockets) socket.destroy();
          });
          return closing;
        },
      });
    });
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

// ---------------------------------------------------------------------------
// Minimal MIME parsing: headers, Subject, and the text/plain body.

type Headers = Map<string, string>;

export function parseMessage(raw: string): { headers: Headers; subject: string; text: string } {
  const { headers, body } = splitHeaders(raw);
  return {
    headers,
    subject: decodeEncodedWords(headers.get("subject") ?? ""),
    text: findPlainText(headers, body) ?? "",
  };
}

/** Splits an entity into its (unfolded, lower-cased name) headers and its body. */
function splitHeaders(entity: string): { headers: Headers; body: string } {
  const match = /\r?\n\r?\n/.exec(entity);
  const head = match ? entity.slice(0, match.index) : entity;
  const body = match ? entity.slice(match.index + match[0].length) : "";
  const headers: Headers = new Map();
  // Unfolding: a line break followed by whitespace continues the previous line.
  for (const line of head.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // The first occurrence wins (Subject appears once; Received lines are not needed).
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** "text/plain; charset=utf-8" -> { type: "text/plain", params: { charset: "utf-8" } } */
function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type = "", ...rest] = (value ?? "text/plain").split(";");
  const params: Record<string, string> = {};
  for (const part of rest) {
    const equals = part.indexOf("=");
    if (equals <= 0) continue;
    const key = part.slice(0, equals).trim().toLowerCase();
    let parameter = part.slice(equals + 1).trim();
    if (parameter.startsWith('"') && parameter.endsWith('"') && parameter.length >= 2) {
      parameter = parameter.slice(1, -1).replace(/\\(.)/g, "$1");
    }
    params[key] = parameter;
  }
  return { type: type.trim().toLowerCase() || "text/plain", params };
}

/** The decoded text/plain body of an entity, searching multipart entities depth first. */
function findPlainText(headers: Headers, body: string): string | undefined {
  const { type, params } = parseContentType(headers.get("content-type"));
  if (type.startsWith("multipart/")) {
    const boundary = params.boundary;
    if (!boundary) return undefined;
    for (const part of splitMultipart(body, boundary)) {
      const child = splitHeaders(part);
      const text = findPlainText(child.headers, child.body);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (type !== "text/plain") return undefined;
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").trim().toLowerCase();
  return decodeBody(body, encoding, params.charset ?? "utf-8").replace(/\r\n/g, "\n");
}

/** The parts between `--boundary` delimiter lines, up to the `--boundary--` close. */
function splitMultipart(body: string, boundary: string): string[] {
  const lines = body.split(/\r?\n/);
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) break;
    if (trimmed === `--${boundary}`) {
      if (current) parts.push(current.join("\r\n"));
      current = [];
    } else if (current) {
      current.push(line);
    }
  }
  if (current) parts.push(current.join("\r\n"));
  return parts;
}

function decodeBody(body: string, encoding: string, charset: string): string {
  if (encoding === "base64") return decodeBytes(Buffer.from(body.replace(/\s+/g, ""), "base64"), charset);
  if (encoding === "quoted-printable") return decodeBytes(decodeQuotedPrintable(body), charset);
  // 7bit / 8bit / binary: the raw message was already read as UTF-8.
  return body;
}

/** Soft line breaks (`=` at the end of a line) removed, `=XX` turned into bytes. */
function decodeQuotedPrintable(body: string): Buffer {
  const text = body.replace(/[ \t]+(?=\r?\n)/g, "").replace(/=\r?\n/g, "");
  return decodeEscapedBytes(text, /=([0-9A-Fa-f]{2})/g);
}

/** Bytes of `text` (UTF-8) with every match of `pattern` (one hex group) replaced by that byte. */
function decodeEscapedBytes(text: string, pattern: RegExp): Buffer {
  const chunks: Buffer[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    chunks.push(Buffer.from(text.slice(last, match.index), "utf8"));
    chunks.push(Buffer.from([Number.parseInt(match[1] ?? "0", 16)]));
    last = match.index + match[0].length;
  }
  chunks.push(Buffer.from(text.slice(last), "utf8"));
  return Buffer.concat(chunks);
}

function decodeBytes(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/**
 * RFC 2047: `=?charset?Q?...?=` and `=?charset?B?...?=`. Whitespace between
 * adjacent encoded words is dropped, and their bytes are joined before
 * decoding, so a character split across two words survives.
 */
export function decodeEncodedWords(value: string): string {
  const encodedWords = /(?:=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=\s*)+/g;
  return value.replace(encodedWords, (run) => {
    const trailing = /\s*$/.exec(run)?.[0] ?? "";
    let result = "";
    let charset = "";
    let pending: Buffer[] = [];
    const flush = () => {
      if (pending.length > 0) result += decodeBytes(Buffer.concat(pending), charset);
      pending = [];
    };
    for (const match of run.matchAll(/=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g)) {
      // RFC 2231 language suffix: charset*language
      const name = (match[1] ?? "utf-8").split("*")[0] ?? "utf-8";
      const content = match[3] ?? "";
      if (name.toLowerCase() !== charset.toLowerCase()) flush();
      charset = name;
      pending.push(
        (match[2] ?? "Q").toUpperCase() === "B"
          ? Buffer.from(content, "base64")
          : decodeEscapedBytes(content.replaceAll("_", " "), /=([0-9A-Fa-f]{2})/g),
      );
    }
    flush();
    return result + trailing;
  });
}

// ---------------------------------------------------------------------------
// Run directly: node tests/support/smtp-catcher.ts --port 2525 [--http-port 3525]

/** A --name value from the command line (Node's own parser). */
function argument(name: string): string | undefined {
  const { values } = parseArgs({ options: { [name]: { type: "string" } }, strict: false });
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

if (import.meta.main) {
  const catcher = await startSmtpCatcher({ port: Number(argument("port") ?? 2525) });
  const http = await startSmtpCatcherHttp(catcher, { port: Number(argument("http-port") ?? catcher.port + 1000) });
  console.log(`smtp catcher on ${catcher.url}, ${http.origin}`);
  const stop = () => {
    Promise.all([http.close(), catcher.close()]).then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
