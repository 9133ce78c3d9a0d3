// The authorisation matrix: every admin route of app/routes.ts (everything
// under /admin) and every admin action x {anonymous, reader, admin}: sent to
// sign in, the 403 page, allowed. Built from the route table: a new admin
// route without a row here fails the first test. Each page is also asked for
// through the client-side data request that names only its own route
// (`.data?_routes=<id>`), which skips the admin layout's loader: every admin
// module must guard itself, since the layout's guard runs neither for that
// request nor for actions.
import type { Body } from "../support/http-client.ts";
import { adminRoutes } from "../support/route-table.ts";
import { expect, type Role, test } from "./fixtures.ts";

type AdminRow = {
  /** For a route with an action: a valid submission (besides the CSRF token) and what the admin gets. */
  post?: { fields: [string, string][]; accepted: number[] };
};

/** Every admin route by id. A new one needs a row (and `post` when it has an action). */
const ADMIN_ROUTES: Record<string, AdminRow> = {
  "admin-index": {},
  "admin-dashboard": {},
  "routes/admin/wordpress-sync": { post: { fields: [], accepted: [302] } },
};

const ROLES: Role[] = ["anonymous", "reader", "admin"];

test("every admin route has a row, and every admin action a POST row", () => {
  const routes = adminRoutes();
  expect(routes.length).toBeGreaterThan(0);
  expect(
    routes.filter((r) => !ADMIN_ROUTES[r.id]).map((r) => `${r.id} (${r.path})`),
    "rows missing",
  ).toEqual([]);
  expect(
    Object.keys(ADMIN_ROUTES).filter((id) => !routes.some((r) => r.id === id)),
    "rows without a route",
  ).toEqual([]);
  const actions = routes.filter((r) => r.hasAction);
  expect(
    actions.filter((r) => !ADMIN_ROUTES[r.id]?.post).map((r) => r.path),
    "actions without a POST row",
  ).toEqual([]);
});

for (const route of adminRoutes()) {
  for (const role of ROLES) {
    test(`${role}: GET ${route.path}`, async ({ as }) => {
      const client = await as(role);
      const page = await client.get(route.path);
      const data = await client.get(`${route.path}.data?_routes=${encodeURIComponent(route.id)}`);
      const signIn = `/auth?${new URLSearchParams({ redirectTo: route.path })}`;
      if (role === "anonymous") {
        expect(page.status).toBe(302);
        expect(page.location).toBe(signIn);
        expect(data.text).toContain(`"redirect",${JSON.stringify(signIn)}`);
      } else if (role === "reader") {
        expect(page.status).toBe(403);
        expect(page.text).toContain("<title>403 - Forbidden | Horror Stories</title>");
        expect(data.text).toMatch(/"ErrorResponse".*403/);
      } else {
        expect(page.status).toBe(200);
        expect(page.text).toContain("Administration");
        expect(data.status).toBe(200);
        expect(data.text).not.toContain("ErrorResponse");
        expect(data.text).not.toContain("SingleFetchRedirect");
      }
    });
  }
}

for (const route of adminRoutes().filter((r) => r.hasAction)) {
  for (const role of ROLES) {
    test(`${role}: POST ${route.path} (with a valid CSRF token)`, async ({ site, as }) => {
      const row = ADMIN_ROUTES[route.id]?.post;
      expect(row, `a POST row for ${route.id}`).toBeTruthy();
      const client = await as(role);
      const body: Body = { form: [...(row?.fields ?? []), ["csrf", await client.csrfToken()]] };
      const before = await site.counts();
      const post = await client.post(route.path, { body });
      const data = await client.post(`${route.path}.data`, { body });
      if (role === "admin") {
        expect(row?.accepted).toContain(post.status);
        return;
      }
      if (role === "anonymous") {
        expect(post.status).toBe(302);
        expect(post.location).toBe(`/auth?${new URLSearchParams({ redirectTo: route.path })}`);
        expect(data.text).toMatch(/"redirect","\/auth\?redirectTo=%2Fadmin/);
      } else {
        expect(post.status).toBe(403);
        expect(post.text).toContain("<title>403 - Forbidden | Horror Stories</title>");
        expect(data.text).toMatch(/"ErrorResponse".*403/);
      }
      expect(await site.counts(), "nothing changed").toEqual(before);
    });
  }
}
