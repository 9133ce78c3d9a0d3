// The HTTP layer in front of the app (server/): client addresses behind a
// proxy, request timeouts, body limits on the bytes actually read, and
// requests the app cannot make sense of. Each against a built server of its own.
import { randomUUID } from "node:crypto";
import { Agent, get } from "node:http";
import { connect } from "node:net";
import { hiddenFields, httpClient } from "../support/http-client.ts";
import { type Site, startSite } from "../support/site-server.ts";
import { expect, test } from "./fixtures.ts";

/** Sends raw bytes on a new connection and resolves with everything the server answers until it closes. */
function rawExchange(url: string, write: (socket: ReturnType<typeof connect>) => void, timeoutMs = 30_000) {
  const { hostname, port } = new URL(url);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    let answer = "";
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer in ${timeoutMs} ms: ${answer}`)));
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    socket.on("connect", () => write(socket));
  });
}

const statusOf = (answer: string) => Number(answer.match(/^HTTP\/1\.[01] (\d{3})/)?.[1] ?? 0);

test.describe("behind a proxy that appends to X-Forwarded-For", () => {
  let site: Site;
  test.beforeAll(async () => {
    site = await startSite({ env: { TRUSTED_PROXY_HEADER: "X-Forwarded-For", TRUSTED_PROXY_HOPS: "1" } });
  });
  test.afterAll(() => site.dispose());

  test("rotating the client-written part of the header does not escape a rate limit", async () => {
    const proxySaw = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      // What the client wrote comes first; the trusted proxy appended the address it saw.
      const client = httpClient(site.url, { headers: { "X-Forwarded-For": `10.9.${attempt}.1, ${proxySaw}` } });
      const { csrfToken } = (await client.get("/api/csrf-token")).json as { csrfToken: string };
      const id = randomUUID().slice(0, 8);
      const reply = await client.post("/api/auth/register", {
        headers: { "X-CSRF-Token": csrfToken },
        body: { json: { email: `xff-${id}@horror.test`, username: `xff_${id}`, password: `long-enough-${id}` } },
      });
      statuses.push(reply.status);
    }
    // Registration allows 5 an hour per address: the sixth and seventh are refused.
    expect(statuses.slice(0, 5).every((s) => s < 400)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

test.describe("behind a proxy that ends TLS", () => {
  let site: Site;
  test.beforeAll(async () => {
    // The public origin is https; the proxy talks plain HTTP to the process.
    site = await startSite({
      env: { SITE_URL: "https://stories.test", TRUSTED_PROXY_HEADER: "X-Forwarded-For", TRUSTED_PROXY_HOPS: "1" },
    });
  });
  test.afterAll(() => site.dispose());

  /**
   * A sign-in form posted as the browser on `origin` sends it, through a proxy that sends on `headers`
   * and the Host `host` (raw bytes: fetch always writes the Host of the URL it is given).
   */
  async function signInFrom(origin: string, host: string, headers: Record<string, string> = {}) {
    const client = httpClient(site.url);
    const fields = await hiddenFields(client, "/auth");
    const body = new URLSearchParams({ ...fields, intent: "login", email: "nobody@horror.test", password: "not-it" });
    const lines = Object.entries({
      Host: host,
      Origin: origin,
      Cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      "X-Forwarded-For": "203.0.113.4",
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(body.toString())),
      Connection: "close",
      ...headers,
    }).map(([name, value]) => `${name}: ${value}\r\n`);
    return rawExchange(site.url, (socket) => socket.write(`POST /auth HTTP/1.1\r\n${lines.join("")}\r\n${body}`));
  }
  const WRONG = "The email or password is not right.";

  test("a form posted from the https page is taken: for the site's own host, and as a trusted proxy says", async () => {
    // The shipped nginx sends on the Host the browser asked for.
    const own = await signInFrom("https://stories.test", "stories.test");
    // The sign-in form's own answer (a wrong password), not React Router's 400 for a foreign origin.
    expect(own, own.slice(0, 300)).toContain(WRONG);
    // Another name for the site, behind a proxy that says the browser used https.
    const named = await signInFrom("https://other-name.test:8443", "other-name.test:8443", {
      "X-Forwarded-Proto": "https",
    });
    expect(named, named.slice(0, 300)).toContain(WRONG);
    // Another site's page posting here is still refused.
    const foreign = await signInFrom("https://evil.example", "stories.test");
    expect(statusOf(foreign)).toBe(400);
    expect(foreign).not.toContain(WRONG);
  });
});

test("a reader's connection stays open while they read the page: the server keeps it 65 s, not Node's 5 s", async ({
  site,
}) => {
  // A reader reads for longer than 5 s; the next story on a new connection costs one more round
  // trip. Node says how long it keeps a connection in each answer's Keep-Alive header.
  const agent = new Agent({ keepAlive: true });
  const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
    get(`${site.url}/api/health`, { agent }, (response) => {
      response.resume();
      resolve(String(response.headers["keep-alive"]));
    }).on("error", reject);
  });
  agent.destroy();
  expect(keepAlive).toBe("timeout=65");
});

test.describe("request limits", () => {
  let site: Site;
  test.beforeAll(async () => {
    site = await startSite({ env: { HEADERS_TIMEOUT_MS: "2000", REQUEST_TIMEOUT_MS: "3000" } });
  });
  test.afterAll(() => site.dispose());

  test("a 20 MB chunked body gets 413, the same as one that declares its length", async () => {
    for (const path of ["/api/feedback", "/auth", "/feedback"]) {
      const answer = await rawExchange(site.url, (socket) => {
        const { host } = new URL(site.url);
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
        );
        const chunk = Buffer.alloc(1024 * 1024, "a");
        let sent = 0;
        const more = () => {
          while (sent < 20 && !socket.destroyed) {
            sent++;
            // All three parts of the chunk, whatever the first write says about buffering.
            socket.write(`${chunk.length.toString(16)}\r\n`);
            socket.write(chunk);
            if (!socket.write("\r\n")) return void socket.once("drain", more);
          }
          // The last chunk, and no more requests on this connection: the server may close it after answering.
          if (!socket.destroyed) socket.end("0\r\n\r\n");
        };
        more();
      });
      expect(statusOf(answer), `${path}: ${answer.slice(0, 200)}`).toBe(413);
      if (path.startsWith("/api/")) expect(answer).toMatch(/"code":"CLIENT_ERROR"/);
    }
  });

  test("a body sent a byte a second gets 408, and other readers are answered meanwhile", async () => {
    const { host } = new URL(site.url);
    let timer: ReturnType<typeof setInterval> | undefined;
    const slow = rawExchange(site.url, (socket) => {
      socket.write(
        `POST /auth HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n`,
      );
      timer = setInterval(() => !socket.destroyed && socket.write("a"), 1_000);
    });
    // While it trickles, the site answers everyone else.
    for (let i = 0; i < 5; i++) {
      const reply = await fetch(`${site.url}/api/health`);
      expect(reply.status).toBe(200);
    }
    const answer = await slow;
    clearInterval(timer);
    expect(statusOf(answer)).toBe(408);
  });

  test("headers sent a byte at a time get 408 too", async () => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const answer = await rawExchange(site.url, (socket) => {
      const line = "GET / HTTP/1.1\r\nX-Slow: ";
      socket.write(line);
      timer = setInterval(() => !socket.destroyed && socket.write("a"), 500);
    });
    clearInterval(timer);
    expect(statusOf(answer)).toBe(408);
  });

  test("requests the app cannot make sense of get a 4xx, never a 500", async () => {
    const { host } = new URL(site.url);
    const ask = (request: string) => rawExchange(site.url, (socket) => socket.write(request));
    // HTTP/1.0 allows a request without Host; the app builds its URLs from it.
    expect(statusOf(await ask("GET / HTTP/1.0\r\n\r\n"))).toBe(400);
    const trace = await ask(`TRACE / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(statusOf(trace)).toBe(405);
    expect(trace).toMatch(/\r\nallow: GET, HEAD, POST/i);
    const slashes = await ask(`GET //a%2fb HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(statusOf(slashes)).toBe(404);
    const absolute = await ask(`GET http://elsewhere.example/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(statusOf(absolute)).toBe(400);
    expect(site.stderr()).not.toMatch(/Invalid URL|TypeError/);
  });
});
