import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { addNote, applyFeedbackAction, deleteNote, setStatuses } from "./feedback-actions.server";
import { readFilters } from "./feedback-review";
import { exportCsv, listReviewItems } from "./feedback-review.server";

const admin = { id: "admin-1", username: "keeper" };

async function feedback(over: Partial<{ type: string; category: string; status: string; content: string }> = {}) {
  return prisma.feedback.create({
    data: {
      type: "general",
      category: "general",
      content: "The lamp flickers on the story page.",
      browser: "Firefox 140",
      operatingSystem: "Linux",
      userAgent: "Mozilla/5.0",
      screenResolution: "1280 x 800",
      page: "/story/the-well",
      ...over,
    },
  });
}

const audit = () =>
  prisma.adminAudit.findMany({
    orderBy: { createdAt: "asc" },
    select: { action: true, objectId: true, before: true, after: true },
  });

beforeEach(async () => {
  await prisma.adminAudit.deleteMany();
  await prisma.adminNote.deleteMany();
  await prisma.feedback.deleteMany();
  await prisma.copyrightClaim.deleteMany();
  await prisma.bugReport.deleteMany();
});

describe("status changes", () => {
  it("changes one item and writes its audit row", async () => {
    const f = await feedback();
    expect(await setStatuses(admin, "feedback", [f.id], "in-review")).toBe(1);
    expect((await prisma.feedback.findUniqueOrThrow({ where: { id: f.id } })).status).toBe("in-review");
    expect(await audit()).toEqual([
      {
        action: "feedback.status",
        objectId: f.id,
        before: JSON.stringify({ status: "new" }),
        after: JSON.stringify({ status: "in-review" }),
      },
    ]);
  });

  it("changes ticked items with one audit row each, skipping those already there", async () => {
    const [a, b, c] = [await feedback(), await feedback(), await feedback({ status: "done" })];
    const message = await applyFeedbackAction(admin, {
      intent: "bulk-status",
      kind: "feedback",
      id: [a.id, b.id, c.id],
      status: "done",
    });
    expect(message).toBe("2 items changed.");
    expect((await audit()).map((r) => [r.action, r.objectId])).toEqual([
      ["feedback.status", a.id],
      ["feedback.status", b.id],
    ]);
  });

  it("undoes the whole change when one id does not exist (404)", async () => {
    const a = await feedback();
    const failure = await setStatuses(admin, "feedback", [a.id, "missing"], "done").catch((e) => e);
    expect(failure.init?.status ?? failure.status).toBe(404);
    expect((await prisma.feedback.findUniqueOrThrow({ where: { id: a.id } })).status).toBe("new");
    expect(await audit()).toEqual([]);
  });

  it("reads a claim's old status as the new one and audits claim.status", async () => {
    const claim = await prisma.copyrightClaim.create({
      data: {
        name: "A",
        email: "a@horror.test",
        work: "My poem",
        location: "/story/x",
        goodFaith: true,
        accurate: true,
        status: "upheld",
      },
    });
    const listed = await listReviewItems(
      new Request("http://x/admin/feedback"),
      readFilters(new URLSearchParams("kind=claim&status=content-removed")),
    );
    expect(listed.items.map((i) => [i.id, i.status])).toEqual([[claim.id, "content-removed"]]);
    await setStatuses(admin, "claim", [claim.id], "rejected");
    expect((await audit())[0]).toMatchObject({
      action: "claim.status",
      before: JSON.stringify({ status: "content-removed" }),
    });
  });

  it("refuses a status the kind does not have", async () => {
    const f = await feedback();
    const failure = await setStatuses(admin, "feedback", [f.id], "upheld").catch((e) => e);
    expect(failure.init?.status ?? failure.status).toBe(400);
  });
});

describe("notes", () => {
  it("keeps the admin, text and time, with a feedback.note audit row", async () => {
    const f = await feedback();
    await addNote(admin, "feedback", f.id, "Seen on Firefox only.");
    const listed = await listReviewItems(new Request("http://x/admin/feedback"), readFilters(new URLSearchParams("")));
    expect(listed.items[0]?.notes).toEqual([
      {
        id: expect.any(String),
        adminId: "admin-1",
        adminName: "keeper",
        text: "Seen on Firefox only.",
        createdAt: expect.any(String),
      },
    ]);
    expect((await audit()).map((r) => r.action)).toEqual(["feedback.note"]);
  });

  it("is deleted by the admin who wrote it only, with a note-delete audit row that keeps its text", async () => {
    const f = await feedback();
    const noteId = await addNote(admin, "feedback", f.id, "Wrong item, sorry.");
    const other = { id: "admin-2", username: "warden" };
    const refused = await deleteNote(other, "feedback", f.id, noteId).catch((e) => e);
    expect(refused.init?.status ?? refused.status).toBe(403);
    // Named through another item, it is not found.
    const elsewhere = await deleteNote(admin, "feedback", "another-item", noteId).catch((e) => e);
    expect(elsewhere.init?.status ?? elsewhere.status).toBe(404);
    expect(await prisma.adminNote.count()).toBe(1);
    await deleteNote(admin, "feedback", f.id, noteId);
    expect(await prisma.adminNote.count()).toBe(0);
    const rows = await audit();
    // Both may be stamped with the same millisecond: compared without their order.
    expect(rows.map((r) => r.action).sort()).toEqual(["feedback.note", "feedback.note-delete"]);
    expect(rows.find((r) => r.action === "feedback.note-delete")?.before).toContain("Wrong item, sorry.");
  });

  it("refuses a note on an item that does not exist", async () => {
    const failure = await addNote(admin, "bug", "missing", "x").catch((e) => e);
    expect(failure.init?.status ?? failure.status).toBe(404);
    expect(await prisma.adminNote.count()).toBe(0);
  });
});

describe("CSV export", () => {
  it("exports the filtered view, escaped and neutralised", async () => {
    await feedback({ type: "bug", content: '=HYPERLINK("x"), then "quotes"\nand a line' });
    await feedback({ type: "feature", content: "Not this one" });
    const csv = await exportCsv(readFilters(new URLSearchParams("type=bug")));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      '"id","created","type","category","status","content","page","browser","operating system","screen","user agent","notes"',
    );
    expect(csv).toContain('"\'=HYPERLINK(""x""), then ""quotes""\nand a line"');
    expect(csv).not.toContain("Not this one");
    expect(lines.at(-1)).toBe("");
  });
});

describe("the migration's status mapping", () => {
  it("maps old feedback and claim statuses to the issue's", async () => {
    const [reviewed, resolved, fresh] = [
      await feedback({ status: "reviewed" }),
      await feedback({ status: "resolved" }),
      await feedback({ status: "new" }),
    ];
    const claim = (status: string) =>
      prisma.copyrightClaim.create({
        data: { name: "A", email: "a@horror.test", work: "W", location: "L", goodFaith: true, accurate: true, status },
      });
    const claims = [await claim("new"), await claim("reviewing"), await claim("upheld"), await claim("rejected")];
    const sql = readFileSync(
      path.resolve(import.meta.dirname, "../../prisma/migrations/20261124175000_admin_feedback/migration.sql"),
      "utf8",
    );
    for (const statement of sql.split(";").map((s) => s.replace(/--.*$/gm, "").trim())) {
      if (statement.startsWith("UPDATE")) await prisma.$executeRawUnsafe(statement);
    }
    const status = async (id: string) => (await prisma.feedback.findUniqueOrThrow({ where: { id } })).status;
    expect([await status(reviewed.id), await status(resolved.id), await status(fresh.id)]).toEqual([
      "in-review",
      "done",
      "new",
    ]);
    const claimStatus = async (id: string) => (await prisma.copyrightClaim.findUniqueOrThrow({ where: { id } })).status;
    expect(await Promise.all(claims.map((c) => claimStatus(c.id)))).toEqual([
      "received",
      "received",
      "content-removed",
      "rejected",
    ]);
  });
});

// A reader who sent a bug report or feedback is told when it reaches its end (the audit's defect 5).
describe("telling the sender", () => {
  const reader = async () => {
    const name = `sender_${Math.random().toString(36).slice(2, 10)}`;
    return prisma.user.create({ data: { email: `${name}@horror.test`, username: name, usernameKey: name } });
  };
  const bug = (userId: string | null, whatHappened = "The page went blank after the third paragraph.") =>
    prisma.bugReport.create({ data: { whatHappened, userAgent: "Mozilla/5.0", userId } });
  const told = (userId: string) =>
    prisma.notification.findMany({ where: { userId }, select: { kind: true, title: true, message: true, link: true } });

  it("a bug report marked fixed, then closed: its signed-in sender gets a notification each time", async () => {
    const rita = await reader();
    const report = await bug(rita.id);
    await setStatuses(admin, "bug", [report.id], "confirmed");
    expect(await told(rita.id)).toEqual([]);
    await setStatuses(admin, "bug", [report.id], "fixed");
    const [fixed] = await told(rita.id);
    expect(fixed).toEqual({
      kind: "moderation",
      title: "Your bug report is fixed",
      message: expect.stringContaining("(“The page went blank after the third paragraph.”) is fixed."),
      link: `/user/feedback-dashboard?sent=bug-${report.id}#bug-${report.id}`,
    });
    await setStatuses(admin, "bug", [report.id], "closed");
    expect((await told(rita.id)).map((n) => n.title)).toContain("Your bug report is closed");
  });

  it("feedback marked done tells its sender; in review does not, nor an unchanged status", async () => {
    const sam = await reader();
    const f = await prisma.feedback.create({
      data: {
        type: "feature",
        category: "ui",
        content: "A darker dark theme, please.",
        browser: "Chrome",
        operatingSystem: "Linux",
        userAgent: "Mozilla/5.0",
        userId: sam.id,
      },
    });
    await setStatuses(admin, "feedback", [f.id], "in-review");
    expect(await told(sam.id)).toEqual([]);
    await setStatuses(admin, "feedback", [f.id], "done");
    await setStatuses(admin, "feedback", [f.id], "done");
    expect((await told(sam.id)).map((n) => n.title)).toEqual(["Your feedback was acted on"]);
  });

  it("an anonymous report has no one to tell, and a reader who turned the kind off is not told", async () => {
    const before = await prisma.notification.count();
    const anonymous = await bug(null);
    await setStatuses(admin, "bug", [anonymous.id], "fixed");
    const quiet = await reader();
    await prisma.user.update({ where: { id: quiet.id }, data: { notifyModeration: false } });
    const theirs = await bug(quiet.id);
    await setStatuses(admin, "bug", [theirs.id], "fixed");
    expect(await prisma.notification.count()).toBe(before);
  });
});
