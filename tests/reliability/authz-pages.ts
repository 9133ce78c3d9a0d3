// The one rule of the pages only a signed-in reader sees, for the authorisation matrices
// (authz-readers, authz-community and authz-account.spec.ts): the anonymous visitor is sent to
// sign in and back, every reader and the admin get their own page, private to them.
import type { Reply } from "../support/http-client.ts";
import { expect, ROLES, type Role, test } from "./fixtures.ts";

/** A test per page and role; `more` checks what else a role's page must (or must not) hold. */
export function signedInPageTests(paths: string[], more?: (path: string, role: Role, page: Reply) => void) {
  for (const path of paths) {
    for (const role of ROLES) {
      test(`${role}: GET ${path}`, async ({ as }) => {
        const client = await as(role);
        const page = await client.get(path);
        if (role === "anonymous") {
          expect(page.status).toBe(302);
          expect(page.location).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
          return;
        }
        expect(page.status).toBe(200);
        expect(page.headers.get("cache-control")).toContain("private");
        more?.(path, role, page);
      });
    }
  }
}
