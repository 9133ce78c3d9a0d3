import type { MiddlewareFunction } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { registerUser } from "~/auth/auth.server";
import { createSession } from "~/auth/session.server";
import { prisma } from "~/db.server";
import { SESSION_MARK_COOKIE } from "./offline";
import { sessionMark, sessionMarkMiddleware } from "./session-mark.server";

beforeEach(async () => {
  await prisma.session.deleteMany();
  await prisma.user.deleteMany();
});

/** The Set-Cookie of the mark that the middleware adds to `answer` for a request with `cookie`. */
async function markSet(cookie: string, answer = new Response("ok")): Promise<string | undefined> {
  const request = new Request("http://x/", { headers: cookie ? { Cookie: cookie } : {} });
  const run = sessionMarkMiddleware as MiddlewareFunction<Response>;
  const response = (await run({ request } as Parameters<typeof run>[0], async () => answer)) as Response;
  return response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_MARK_COOKIE}=`));
}

const signedIn = async (remember: boolean) => {
  const user = await registerUser({
    email: `mark-${remember}@x.test`,
    username: `mark_${remember}`,
    password: "a-long-password",
  });
  const setCookie = await createSession(user.id, remember);
  return { setCookie, raw: (setCookie.split(";")[0] ?? "").split("=").slice(1).join("=") };
};

describe("sessionMarkMiddleware", () => {
  it("sets the mark in the same answer as a sign-in, with the session cookie's lifetime", async () => {
    const remembered = await signedIn(true);
    const set = await markSet("", new Response("ok", { headers: { "Set-Cookie": remembered.setCookie } }));
    expect(set).toMatch(
      new RegExp(`^${SESSION_MARK_COOKIE}=${sessionMark(remembered.raw)}; Path=/; SameSite=Lax; Max-Age=2592000`),
    );
    const browserSession = await signedIn(false);
    const set2 = await markSet("", new Response("ok", { headers: { "Set-Cookie": browserSession.setCookie } }));
    expect(set2).toBe(`${SESSION_MARK_COOKIE}=${sessionMark(browserSession.raw)}; Path=/; SameSite=Lax`);
  });

  it("clears the mark with a sign-out, and when the session cookie is gone", async () => {
    const signOut = new Response("ok", { headers: { "Set-Cookie": "hs_session=; Path=/; Max-Age=0" } });
    expect(await markSet(`${SESSION_MARK_COOKIE}=abc`, signOut)).toMatch(/=; Path=\/; SameSite=Lax; Max-Age=0$/);
    expect(await markSet(`${SESSION_MARK_COOKIE}=abc`)).toMatch(/=; Path=\/; SameSite=Lax; Max-Age=0$/);
    expect(await markSet("")).toBeUndefined();
  });

  it("leaves a mark in step alone, and repairs a wrong or missing one while the session lives", async () => {
    const { raw } = await signedIn(true);
    expect(await markSet(`hs_session=${raw}; ${SESSION_MARK_COOKIE}=${sessionMark(raw)}`)).toBeUndefined();
    expect(await markSet(`hs_session=${raw}; ${SESSION_MARK_COOKIE}=another`)).toMatch(
      new RegExp(`^${SESSION_MARK_COOKIE}=${sessionMark(raw)}; .*Max-Age=\\d+`),
    );
    expect(await markSet(`hs_session=${raw}`)).toContain(sessionMark(raw));
    // The session ended on the server: no mark for it.
    await prisma.session.deleteMany();
    expect(await markSet(`hs_session=${raw}; ${SESSION_MARK_COOKIE}=another`)).toMatch(/=; .*Max-Age=0$/);
    expect(await markSet(`hs_session=${raw}`)).toBeUndefined();
  });

  it("is a one-way mark: another session cookie gives another mark, never the cookie itself", () => {
    expect(sessionMark("a")).not.toBe(sessionMark("b"));
    expect(sessionMark("a")).toMatch(/^[\w-]{22}$/);
  });
});
