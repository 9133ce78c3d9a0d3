import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { registerUser } from "./auth.server";
import { handleAuthAction } from "./auth-page.server";
import { commitCsrfToken, csrfMiddleware } from "./csrf.server";

beforeEach(async () => {
  await prisma.session.deleteMany();
  await prisma.user.deleteMany();
  await prisma.rateLimit.deleteMany();
});

/** POST /auth as the root middleware and the route's action see it. */
async function postAuth(fields: Record<string, string>) {
  const [token, setCookie] = await commitCsrfToken(new Request("http://localhost/auth"));
  const request = new Request("http://localhost/auth", {
    method: "POST",
    headers: {
      Cookie: setCookie?.split(";")[0] ?? "",
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Test-Client": crypto.randomUUID(),
    },
    body: new URLSearchParams({ csrf: token, ...fields }),
  });
  const context = new RouterContextProvider();
  const response = await csrfMiddleware(
    { request, context, params: {} } as unknown as Parameters<typeof csrfMiddleware>[0],
    async () => {
      const result = await handleAuthAction(request, context);
      return result instanceof Response ? result : Response.json(result.data, result.init ?? undefined);
    },
  );
  return { request, response: response as Response };
}

describe("POST /auth", () => {
  it("reads the body once: the action takes the form the CSRF check read", async () => {
    await registerUser({ email: "once@horror.test", username: "once", password: "long-enough" });
    const { request, response } = await postAuth({
      intent: "login",
      email: "Once@horror.test",
      password: "long-enough",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth-success/);
    // The middleware read a copy; nothing read the request's own body again.
    expect(request.bodyUsed).toBe(false);
  });

  it("checks the fields with the schema alone, and keeps what was typed but the password", async () => {
    const { response } = await postAuth({ intent: "login", email: "not an email", password: "secret-typed" });
    expect(response.status).toBe(400);
    const body = JSON.stringify(await response.json());
    expect(body).toContain("Enter a valid email address.");
    expect(body).toContain("not an email");
    expect(body).not.toContain("secret-typed");
  });
});
