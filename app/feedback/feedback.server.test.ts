import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { SENT_PER_PAGE, userBugReportPage, userFeedbackPage } from "./feedback.server";
import { readSentList, sentItemHref } from "./sent-lists";

const DASHBOARD = "http://localhost/user/feedback-dashboard";

async function reader(name: string) {
  const key = `${name}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  return prisma.user.create({ data: { email: `${key}@horror.test`, username: key, usernameKey: key.toLowerCase() } });
}

/** `count` pieces of feedback from a reader, a minute apart, the newest last (content "note 1" ... "note N"). */
async function sent(userId: string, count: number) {
  const start = Date.parse("2026-10-01T00:00:00Z");
  for (let n = 1; n <= count; n++) {
    await prisma.feedback.create({
      data: {
        type: "general",
        content: `note ${n}`,
        browser: "Firefox 140",
        operatingSystem: "Linux",
        userAgent: "Mozilla/5.0",
        userId,
        createdAt: new Date(start + n * 60_000),
      },
    });
  }
  return prisma.feedback.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, select: { id: true } });
}

/** A reader's feedback list as the dashboard reads it from its address (`query`: "?fpage=2", ...). */
function feedbackAt(userId: string, query = "") {
  const request = new Request(`${DASHBOARD}${query}`);
  return userFeedbackPage(request, userId, readSentList(new URL(request.url).searchParams, "feedback"));
}

describe("a reader's sent items, paged", () => {
  it("shows a page of them, newest first, with the count of all; a page past the end is a redirect to the last", async () => {
    const rita = await reader("rita");
    await sent(rita.id, 2 * SENT_PER_PAGE + 3);
    const first = await feedbackAt(rita.id);
    expect(first).toMatchObject({ total: 43, page: 1, pages: 3 });
    expect(first.items.map((f) => f.content).slice(0, 2)).toEqual(["note 43", "note 42"]);
    expect(first.items).toHaveLength(SENT_PER_PAGE);
    const last = await feedbackAt(rita.id, "?fpage=3");
    expect(last.items.map((f) => f.content)).toEqual(["note 3", "note 2", "note 1"]);

    const past = await feedbackAt(rita.id, "?fpage=9&bpage=2").catch((e: unknown) => e);
    expect(past).toBeInstanceOf(Response);
    expect((past as Response).headers.get("Location")).toBe("/user/feedback-dashboard?fpage=3&bpage=2");
  });

  it("opens at the page that holds the item a notification is about, and only the reader's own", async () => {
    const rita = await reader("rita");
    const ids = (await sent(rita.id, SENT_PER_PAGE + 5)).map((f) => f.id);
    // The oldest five are on page 2; the sixth oldest is the last of page 1.
    // The address a notice links to (admin/feedback-actions.server.ts writes it with sentItemHref).
    const link = (id: string) => sentItemHref("feedback", id).replace(/^[^?]*|#.*$/g, "");
    const held = await feedbackAt(rita.id, link(ids[0] as string));
    expect(held).toMatchObject({ page: 2, named: true });
    expect(held.items.map((f) => f.id)).toContain(ids[0]);
    expect((await feedbackAt(rita.id, link(ids[5] as string))).page).toBe(1);
    // A page of its own wins (the list's page links); a link about a bug report leaves this list alone.
    expect(await feedbackAt(rita.id, `${link(ids[0] as string)}&fpage=1`)).toMatchObject({ page: 1, named: true });
    expect(await feedbackAt(rita.id, `?sent=bug-${ids[0]}`)).toMatchObject({ page: 1, named: false });

    const other = await reader("omar");
    const notTheirs = await feedbackAt(other.id, link(ids[0] as string));
    expect(notTheirs).toMatchObject({ total: 0, page: 1, pages: 1, items: [] });
  });

  it("pages the bug reports as the feedback, each list by itself", async () => {
    const rita = await reader("rita");
    await sent(rita.id, 3);
    await prisma.bugReport.create({
      data: { whatHappened: "The page went blank.", severity: "high", userAgent: "Mozilla/5.0", userId: rita.id },
    });
    const bugs = await userBugReportPage(new Request(DASHBOARD), rita.id, readSentList(new URLSearchParams(), "bug"));
    expect(bugs).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(bugs.items.map((b) => b.whatHappened)).toEqual(["The page went blank."]);
  });
});
