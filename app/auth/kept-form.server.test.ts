// A form sent after the session ended is kept for its browser (docs/decisions/058): what is kept,
// what never is, the cap, the hour, and that only a form that passed the CSRF check is kept.
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { registerUser, requireUser } from "./auth.server";
import { commitCsrfToken, csrfMiddleware } from "./csrf.server";
import { keptFor } from "./kept-form";
import {
  KEPT_FORM_MAX_BYTES,
  KEPT_FORM_MESSAGE,
  KEPT_FORM_MS,
  keptFields,
  keptResult,
  takeKeptForm,
} from "./kept-form.server";
import { createSession, destroyAllSessions } from "./session.server";

beforeEach(async () => {
  await prisma.keptForm.deleteMany();
  await prisma.session.deleteMany();
  await prisma.user.deleteMany();
});

const formOf = (pairs: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  return form;
};

describe("keptFields", () => {
  it("keeps what was typed, never a password, a token, the honeypot or the page to return to", () => {
    const kept = keptFields(
      formOf([
        ["csrf", "token.formkey"],
        ["name__confirm", ""],
        ["from__confirm", "encrypted"],
        ["redirectTo", "/community"],
        ["__intent__", "x"],
        ["currentPassword", "secret-1"],
        ["newPassword", "secret-2"],
        ["resetToken", "abc"],
        ["title", "A title"],
        ["tag", "ghosts"],
        ["tag", "crypts"],
        ["intent", "submit"],
      ]),
    );
    expect(kept).toEqual({ fields: { title: "A title", tag: ["ghosts", "crypts"], intent: "submit" } });
  });

  it("keeps nothing from a password form, a blank form or a file", () => {
    const password = formOf([
      ["csrf", "t"],
      ["intent", "password"],
      ["currentPassword", "old-one-here"],
      ["newPassword", "new-one-here"],
      // /settings/profile's repetition of the new password.
      ["confirm", "new-one-here"],
    ]);
    expect(keptFields(password)).toEqual({ outcome: "none" });
    expect(keptFields(formOf([["body", "  "]]))).toEqual({ outcome: "none" });
    // A password typed again in a field of any name goes with it.
    expect(
      keptFields(
        formOf([
          ["newPassword", "hunter-hunter-2"],
          ["again", "hunter-hunter-2"],
          ["bio", "Hi"],
        ]),
      ),
    ).toEqual({
      fields: { bio: "Hi" },
    });
    const upload = new FormData();
    upload.set("bio", "Hello");
    upload.set("avatar", new File(["x"], "a.png", { type: "image/png" }));
    expect(keptFields(upload)).toEqual({ outcome: "file" });
  });

  it("keeps nothing past the cap, and all of a text that fits", () => {
    const fits = "x".repeat(KEPT_FORM_MAX_BYTES - "body".length);
    expect(keptFields(formOf([["body", fits]]))).toEqual({ fields: { body: fits } });
    expect(keptFields(formOf([["body", `${fits}x`]]))).toEqual({ outcome: "large" });
    // Bytes, not characters: a text of multi-byte letters reaches the cap sooner.
    expect(keptFields(formOf([["body", "é".repeat(KEPT_FORM_MAX_BYTES / 2)]]))).toEqual({ outcome: "large" });
  });
});

describe("keptResult and keptFor", () => {
  it("fills only the form of the page whose fields were kept", () => {
    const fields = { body: "My reply", intent: "post" };
    const result = keptResult(fields);
    expect(result).toEqual({ status: "error", initialValue: fields, error: { "": [KEPT_FORM_MESSAGE] } });
    const kept = { path: "/community/threads/1", result };
    expect(keptFor(kept, "/community/threads/1", ["body", "quoteOf"])).toBe(result);
    expect(keptFor(kept, "/community/threads/2", ["body", "quoteOf"])).toBeUndefined();
    expect(keptFor(kept, "/community/threads/1", ["title", "markdown"])).toBeUndefined();
    const other = { path: "/community/report", result: keptResult({ body: "x", reason: "spam" }) };
    expect(keptFor(other, "/community/report", ["body"])).toBeUndefined();
    expect(keptFor(undefined, "/community/threads/1", ["body"])).toBeUndefined();
  });
});

/** A POST through the root's CSRF check to requireUser, as a page's action gets it. */
async function sendWithoutSession(path: string, fields: [string, string][], sessionCookie: string) {
  const [token, csrfCookie] = await commitCsrfToken(new Request("http://x/"));
  const cookie = [sessionCookie, (csrfCookie ?? "").split(";")[0]].join("; ");
  const request = new Request(`http://x${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams([["csrf", token], ...fields]),
  });
  const response = await csrfMiddleware(
    { request, context: new RouterContextProvider(), params: {}, unstable_pattern: path } as never,
    async () => {
      try {
        await requireUser(request);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
      throw new Error("signed in");
    },
  );
  return response as Response;
}

async function endedSession() {
  const user = await registerUser({ email: "kept@horror.test", username: "keeper", password: "long-enough" });
  const cookie = (await createSession(user.id, false)).split(";")[0] as string;
  await destroyAllSessions(user.id);
  return cookie;
}

describe("keepForm through requireUser", () => {
  it("keeps a checked form for its browser's cookie, and the page gives it back once", async () => {
    const session = await endedSession();
    const response = await sendWithoutSession("/community/threads/4", [["body", "A long reply"]], session);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fcommunity%2Fthreads%2F4&unsent=1");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^hs_kept=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600/);
    const kept = setCookie.split(";")[0] as string;
    // The row holds a hash of the cookie's value, never the value itself.
    const row = await prisma.keptForm.findFirstOrThrow();
    expect(row.id).not.toBe(kept.split("=")[1]);
    expect(row.path).toBe("/community/threads/4");
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(KEPT_FORM_MS, -3);

    const page = (path: string, cookie = kept) => new Request(`http://x${path}`, { headers: { Cookie: cookie } });
    // Another page waits; another browser (no cookie, or another value) gets nothing.
    expect(await takeKeptForm(page("/community"))).toBeNull();
    expect(await takeKeptForm(page("/community/threads/4", ""))).toBeNull();
    expect(await takeKeptForm(page("/community/threads/4", `hs_kept=${"a".repeat(43)}`))).toEqual({
      path: "/community/threads/4",
      fields: null,
      setCookie: expect.stringContaining("Max-Age=0"),
    });
    const taken = await takeKeptForm(page("/community/threads/4.data"));
    expect(taken?.fields).toEqual({ body: "A long reply" });
    expect(taken?.setCookie).toContain("Max-Age=0");
    expect(await takeKeptForm(page("/community/threads/4"))).toMatchObject({ fields: null });
  });

  it("keeps nothing for a password form, and says so with the old message", async () => {
    const session = await endedSession();
    const response = await sendWithoutSession(
      "/settings/profile",
      [
        ["intent", "password"],
        ["currentPassword", "long-enough"],
        ["newPassword", "another-long-one"],
        ["confirm", "another-long-one"],
      ],
      session,
    );
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fsettings%2Fprofile&unsent=1");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await prisma.keptForm.count()).toBe(0);
  });

  it("keeps nothing for a page whose forms would not take it back", async () => {
    const session = await endedSession();
    const response = await sendWithoutSession("/bookmarks", [["name", "My shelf"]], session);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fbookmarks&unsent=1");
    expect(await prisma.keptForm.count()).toBe(0);
  });

  it("keeps nothing from a request the CSRF check did not pass", async () => {
    const session = await endedSession();
    const request = new Request("http://x/community/threads/4", {
      method: "POST",
      headers: { Cookie: session, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([["body", "Planted text"]]),
    });
    const thrown = (await requireUser(request).catch((r: Response) => r)) as Response;
    expect(thrown.headers.get("Location")).toBe("/auth?redirectTo=%2Fcommunity%2Fthreads%2F4&unsent=1");
    expect(await prisma.keptForm.count()).toBe(0);
  });

  it("forgets a kept form after the hour", async () => {
    const session = await endedSession();
    const response = await sendWithoutSession("/submit-story", [["markdown", "Text"]], session);
    const kept = (response.headers.get("Set-Cookie") ?? "").split(";")[0] as string;
    await prisma.keptForm.updateMany({ data: { expiresAt: new Date(Date.now() - 1) } });
    const taken = await takeKeptForm(new Request("http://x/submit-story", { headers: { Cookie: kept } }));
    expect(taken).toMatchObject({ fields: null, setCookie: expect.stringContaining("Max-Age=0") });
    expect(await prisma.keptForm.count()).toBe(0);
  });
});
