// The one rule of the pages only a signed-in reader sees, for the authorisation matrices
// (authz-readers, authz-community and authz-account.spec.ts): the anonymous visitor is sent to
// sign in and back, every reader and the admin get their own page, private to them.
import type { HttpClient, Reply } from "../support/http-client.ts";
import { expect, type Role } from "./fixtures.ts";

/** Asks for `path` as `role` and checks the rule; a signed-in role's page comes back for more checks. */
export async function expectSignedInPage(client: HttpClient, role: Role, path: string): Promise<Reply | null> {
  const page = await client.get(path);
  if (role === "anonymous") {
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
    return null;
  }
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toContain("private");
  return page;
}
