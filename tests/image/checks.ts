// What the image test asks of a running container, over HTTP as a visitor would (docs/decisions/041).
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { type HttpClient, hiddenFields, httpClient } from "../support/http-client.ts";

export class CheckFailed extends Error {}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** Polls /api/health until it answers 200; stops early when `alive()` says the container is gone. */
export async function waitHealthy(base: string, alive: () => boolean, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new CheckFailed("the container stopped before it answered /api/health");
    const status = await fetch(new URL("/api/health", base), { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new CheckFailed(`/api/health did not answer 200 within ${timeoutMs / 1000} s`);
}

export type Reader = { email: string; username: string; password: string };

export function newReader(): Reader {
  const id = randomUUID().slice(0, 8);
  return { email: `image-${id}@horror.test`, username: `image_${id}`, password: "a-long-enough-password" };
}

export async function isSignedIn(client: HttpClient): Promise<boolean> {
  const reply = await client.get("/api/auth/status");
  return (reply.json as { isAuthenticated?: boolean } | undefined)?.isAuthenticated === true;
}

/** Registers through the page's form, then signs in through the other form of a fresh client. */
export async function registerAndSignInWithForms(base: string): Promise<Reader> {
  const reader = newReader();
  const registering = httpClient(base);
  const registration = await registering.post("/auth", {
    body: { form: { ...(await hiddenFields(registering, "/auth?mode=register")), intent: "register", ...reader } },
  });
  check(
    registration.status === 302 && registration.location?.startsWith("/auth-success"),
    `the registration form answered ${registration.status} ${registration.location ?? registration.text.slice(0, 300)}`,
  );
  const client = httpClient(base);
  const signIn = await client.post("/auth", {
    body: {
      form: {
        ...(await hiddenFields(client, "/auth")),
        intent: "login",
        email: reader.email,
        password: reader.password,
      },
    },
  });
  check(signIn.status === 302, `the sign-in form answered ${signIn.status}: ${signIn.text.slice(0, 300)}`);
  check(await isSignedIn(client), "signed in through the form, /api/auth/status says not");
  const withoutToken = await httpClient(base).post("/auth", { body: { form: { intent: "login", ...reader } } });
  check(withoutToken.status === 403, `a form post without the CSRF token answered ${withoutToken.status}, not 403`);
  return reader;
}

/** "Sign in with <provider>": the site, the provider's /authorize, and back to the site's callback. */
export async function signInWithOidc(base: string, providerId: string) {
  const client = httpClient(base);
  const start = await client.get(`/auth/oidc/${providerId}`);
  check(start.status === 302 && start.location, `/auth/oidc/${providerId} answered ${start.status}`);
  const authorize = await fetch(start.location, { redirect: "manual", headers: { "X-Test-Client": client.clientId } });
  const back = authorize.headers.get("location");
  check(authorize.status === 302 && back, `the provider's /authorize answered ${authorize.status}`);
  const callbackUrl = new URL(back);
  const callback = await client.get(callbackUrl.pathname + callbackUrl.search);
  check(callback.status === 302, `the OpenID callback answered ${callback.status}: ${callback.text.slice(0, 300)}`);
  check(await isSignedIn(client), "after the OpenID sign-in, /api/auth/status says not signed in");
}

/** A page answers 200 with the given text. */
export async function page(base: string, path: string, text: string) {
  const reply = await httpClient(base).get(path);
  check(reply.status === 200, `GET ${path} answered ${reply.status}`);
  check(reply.text.includes(text), `GET ${path} lacks "${text}"`);
  return reply.text;
}

/** The first /img/ address on a page, fetched: sharp resized and encoded it inside the container. */
export async function resizedImage(base: string, html: string) {
  const src = html.match(/["' ](\/img\/[^"' ]+)/)?.[1]?.replaceAll("&amp;", "&");
  check(src, "the story page has no /img/ address");
  const reply = await fetch(new URL(src, base), { headers: { Accept: "image/avif,image/webp,*/*" } });
  const type = reply.headers.get("content-type") ?? "";
  const bytes = (await reply.arrayBuffer()).byteLength;
  check(reply.status === 200 && type.startsWith("image/") && bytes > 0, `GET ${src} answered ${reply.status} ${type}`);
  return `${src} -> ${type}, ${bytes} bytes`;
}

type Pending = { reader: Reader; finish: () => Promise<number> };

/**
 * A registration whose request is in progress on the server: its headers sent with
 * `Expect: 100-continue`, which Node's server answers once it has read them (so the request is
 * the server's, not a connection in its backlog), its body not yet sent. `finish` sends the body
 * and resolves with the status.
 */
async function registrationInFlight(base: string): Promise<Pending> {
  const client = httpClient(base);
  const token = await client.csrfToken();
  const reader = newReader();
  const body = JSON.stringify(reader);
  const url = new URL("/api/auth/register", base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
        Expect: "100-continue",
        Cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "X-CSRF-Token": token,
        "X-Test-Client": client.clientId,
      },
    });
    const status = new Promise<number>((done, failed) => {
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
      });
      req.on("error", failed);
    });
    req.on("error", reject);
    req.on("continue", () =>
      resolve({
        reader,
        finish: () => {
          req.end(body);
          return status;
        },
      }),
    );
    req.flushHeaders();
  });
}

export type ShutdownReport = { inFlight: number; acknowledged: Reader[]; pagesServed: number; exitMs: number };

/**
 * SIGTERM while pages are being read and registrations are in progress: every registration in
 * progress at the signal is answered 201 (and kept: the caller signs in with them after a
 * restart), and the server exits within `limitMs`.
 */
export async function sigtermUnderLoad(
  base: string,
  signal: () => void,
  waitExit: () => number,
  limitMs = 10_000,
): Promise<ShutdownReport> {
  const pending = await Promise.all(Array.from({ length: 8 }, () => registrationInFlight(base)));
  let reading = true;
  let pagesServed = 0;
  const readers = Array.from({ length: 4 }, async () => {
    while (reading) {
      const ok = await fetch(new URL("/", base), { signal: AbortSignal.timeout(10_000) }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status === 200;
        },
        () => false,
      );
      if (ok) pagesServed++;
      else break; // the server has stopped listening
    }
  });
  while (pagesServed < 4) await new Promise((resolve) => setTimeout(resolve, 20));
  const sent = Date.now();
  signal();
  const statuses = await Promise.all(pending.map((p) => p.finish().catch((e: Error) => e.message)));
  const code = waitExit();
  const exitMs = Date.now() - sent;
  reading = false;
  await Promise.all(readers);
  check(
    statuses.every((s) => s === 201),
    `registrations in progress at SIGTERM answered ${statuses.join(", ")} (all should be 201)`,
  );
  check(code === 0, `the server exited with ${code} after SIGTERM`);
  check(exitMs <= limitMs, `the container took ${exitMs} ms to exit after SIGTERM (limit ${limitMs} ms)`);
  return { inFlight: pending.length, acknowledged: pending.map((p) => p.reader), pagesServed, exitMs };
}

/** Each reader signs in through the JSON API. */
export async function canSignIn(base: string, readers: Reader[]) {
  for (const reader of readers) {
    const client = httpClient(base);
    await client.signIn(reader.email, reader.password);
    check(await isSignedIn(client), `${reader.email} is not signed in after a restart`);
  }
}
