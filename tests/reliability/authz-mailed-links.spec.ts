// The authorisation matrix of the pages a mailed link opens (issue 13, issue 39):
// the token in the link is the authority, not the session. Every role gets the page
// (a made-up token shows why it does not work), and a POST with a token nobody holds
// changes nothing, whoever sends it. Kept apart from authz.spec.ts, which is past
// the size a file may grow to.
import { readFileSync } from "node:fs";
import path from "node:path";
import { hiddenFields } from "../support/http-client.ts";
import { pageRoutes } from "../support/route-table.ts";
import { dataCounts, expect, type Role, test } from "./fixtures.ts";

const MADE_UP = "0".repeat(64);

/** Each page, the POST a made-up token makes, and what its refusal says. */
const MAILED_LINKS: Record<string, { fields: [string, string][]; refusal: string }> = {
  "/confirm-email": {
    fields: [["token", MADE_UP]],
    refusal: "This confirmation link has expired or was already used.",
  },
  "/restore-email": {
    fields: [["token", MADE_UP]],
    refusal: "This link has expired or was already used.",
  },
  "/reset-password": {
    fields: [
      ["intent", "reset"],
      ["token", MADE_UP],
      ["password", "a-brand-new-password"],
      ["confirm", "a-brand-new-password"],
    ],
    refusal: "This reset link has expired or was already used.",
  },
};

const appDir = path.resolve(import.meta.dirname, "../../app");

test("every page that reads a mailed token is in the mailed-link matrix", () => {
  const reading = pageRoutes()
    // The token read by hand, or through the mailed-link pages' helper (app/account/mailed-link.server.ts).
    .filter((r) =>
      /searchParams\.get\("token"\)|readMailedLink\(/.test(readFileSync(path.join(appDir, r.file), "utf8")),
    )
    .map((r) => r.path);
  expect(reading.sort()).toEqual(Object.keys(MAILED_LINKS).sort());
});

const ROLES: Role[] = ["anonymous", "reader", "admin"];

for (const [pagePath, row] of Object.entries(MAILED_LINKS)) {
  for (const role of ROLES) {
    test(`${role}: ${pagePath} with a made-up token shows the page and changes nothing`, async ({ site, as }) => {
      const client = await as(role);
      const page = await client.get(`${pagePath}?token=${MADE_UP}`);
      expect(page.status).toBe(200);
      const fields = await hiddenFields(client, `${pagePath}?token=${MADE_UP}`);
      const before = dataCounts(await site.counts());
      const reply = await client.post(pagePath, { body: { form: [...Object.entries(fields), ...row.fields] } });
      expect(reply.status).toBe(400);
      expect(reply.text).toContain(row.refusal);
      expect(dataCounts(await site.counts())).toEqual(before);
    });
  }
}
