// Issue 39, findings 3 and 4 against a real server process: a published story's
// links are judged by their parsed origin, and the feedback export stays text in a
// spreadsheet that splits on semicolons.
import { randomUUID } from "node:crypto";
import { hiddenFields } from "../support/http-client.ts";
import { expect, test } from "./fixtures.ts";

/** The anchors of a page, each with its attributes. */
function anchors(html: string) {
  return [...html.matchAll(/<a\s([^>]*)>/g)].map((m) => {
    const attrs = Object.fromEntries([...(m[1] as string).matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    return attrs as Record<string, string>;
  });
}

test('a published story\'s link to another origin gets rel="nofollow ugc", however it starts', async ({ site, as }) => {
  const admin = await as("admin");
  const title = `Links in the dark ${randomUUID().slice(0, 8)}`;
  // With SITE_URL http://localhost:PORT, "http://localhost:PORT@evil.example" starts with it: the
  // part before "@" is user info, and the link goes to evil.example.
  const hostile = [`${site.url}@evil.example/landing`, `${site.url}.evil.example/`];
  const markdown = [
    `[user info](${hostile[0]})`,
    `[longer host](${hostile[1]})`,
    `[the site](${site.url}/stories)`,
    "[relative](/about)",
  ].join("\n\n");
  const hidden = await hiddenFields(admin, "/admin/posts/new");
  const saved = await admin.post("/admin/posts/new", {
    body: { form: [...Object.entries(hidden), ["intent", "publish"], ["title", title], ["markdown", markdown]] },
  });
  expect(saved.status).toBe(302);
  const [post] = await site.query<{ slug: string }>(`SELECT slug FROM "Post" WHERE title = ?`, [title]);
  const story = await admin.get(`/story/${post?.slug}`);
  expect(story.status).toBe(200);
  const links = anchors(story.text);
  for (const href of hostile) {
    const link = links.find((a) => a.href === href);
    expect(link, href).toBeDefined();
    expect(link?.rel).toBe("noopener noreferrer nofollow ugc");
    expect(link?.target).toBe("_blank");
  }
  for (const href of [`${site.url}/stories`, "/about"]) {
    const link = links.find((a) => a.href === href);
    expect(link, href).toBeDefined();
    expect(link?.rel).toBeUndefined();
  }
});

/** Where a spreadsheet that splits rows on ";" (German Excel) starts cells: it does not honour our quotes there. */
const semicolonCells = (csv: string) => csv.split(/\r\n|\n|\r/).flatMap((line) => line.split(";"));

test("the feedback export gives a semicolon spreadsheet no formula to run", async ({ as }) => {
  const marker = `mk${randomUUID().slice(0, 8)}`;
  const content = `Nice site ${marker};=cmd|' /C calc'!A0`;
  const reader = await as("anonymous");
  const sent = await reader.post("/api/feedback", {
    body: { json: { type: "general", category: "general", content } },
    headers: { "X-CSRF-Token": await reader.csrfToken() },
  });
  expect(sent.status).toBe(201);

  const admin = await as("admin");
  const csv = await admin.get(`/admin/feedback.csv?q=${marker}`);
  expect(csv.status).toBe(200);
  // Quoted, with an apostrophe where the semicolon would start a cell.
  expect(csv.text).toContain(`"Nice site ${marker};'=cmd|' /C calc'!A0"`);
  const formulas = semicolonCells(csv.text).filter((cell) => /^[\s"]*[=+\-@]/.test(cell));
  expect(formulas).toEqual([]);
});
