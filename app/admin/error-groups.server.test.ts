import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import {
  findErrorEntry,
  groupErrors,
  groupKey,
  listErrorGroups,
  routeOf,
  setErrorGroupStatus,
} from "./error-groups.server";

const admin = { id: "admin-1", username: "keeper" };
const at = (iso: string) => new Date(iso);

describe("grouping", () => {
  it("takes the route from the address: its path, without query or fragment", () => {
    expect(routeOf("https://horror.test/story/the-well?p=2#x")).toBe("/story/the-well");
    expect(routeOf("/stories?page=2")).toBe("/stories");
    expect(routeOf(null)).toBe("(unknown)");
    expect(routeOf("javascript:alert(1)")).toBe("(unknown)");
  });

  it("groups the same message on the same route: count, first and last seen, newest id", () => {
    const groups = groupErrors([
      {
        id: "err_1",
        message: "x is undefined",
        url: "https://h.test/story/a?p=1",
        timestamp: at("2026-11-20T10:00:00Z"),
      },
      { id: "err_2", message: "x is undefined", url: "https://h.test/story/a", timestamp: at("2026-11-22T10:00:00Z") },
      { id: "err_3", message: "x is undefined", url: "https://h.test/story/a", timestamp: at("2026-11-21T10:00:00Z") },
      { id: "err_4", message: "x is undefined", url: "https://h.test/stories", timestamp: at("2026-11-23T10:00:00Z") },
      { id: "err_5", message: "other", url: "https://h.test/story/a", timestamp: at("2026-11-19T10:00:00Z") },
    ]);
    expect(groups.map((g) => [g.message, g.route, g.count, g.firstSeen, g.lastSeen, g.latestId, g.status])).toEqual([
      ["x is undefined", "/stories", 1, "2026-11-23T10:00:00.000Z", "2026-11-23T10:00:00.000Z", "err_4", "new"],
      ["x is undefined", "/story/a", 3, "2026-11-20T10:00:00.000Z", "2026-11-22T10:00:00.000Z", "err_2", "new"],
      ["other", "/story/a", 1, "2026-11-19T10:00:00.000Z", "2026-11-19T10:00:00.000Z", "err_5", "new"],
    ]);
  });

  it("keeps a group's status by its key", () => {
    const key = groupKey("boom", "/x");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const [group] = groupErrors(
      [{ id: "err_1", message: "boom", url: "/x", timestamp: at("2026-11-20T10:00:00Z") }],
      new Map([[key, "fixed"]]),
    );
    expect(group?.status).toBe("fixed");
  });
});

describe("error groups in the database", () => {
  beforeEach(async () => {
    await prisma.errorLog.deleteMany();
    await prisma.errorGroupStatus.deleteMany();
    await prisma.adminAudit.deleteMany();
    await prisma.bugReport.deleteMany();
  });

  it("sets a group's status with an error.status audit row, and an entry names its group and reports", async () => {
    await prisma.errorLog.create({
      data: { id: "err_t_1", timestamp: new Date(), message: "boom", url: "https://h.test/x?y=1" },
    });
    await prisma.bugReport.create({
      data: { whatHappened: "It broke", errorId: "err_t_1", userAgent: "UA" },
    });
    const [group] = await listErrorGroups();
    expect(group).toMatchObject({ message: "boom", route: "/x", count: 1, status: "new" });
    await setErrorGroupStatus(admin, group?.key ?? "", "investigating");
    expect((await listErrorGroups())[0]?.status).toBe("investigating");
    const rows = await prisma.adminAudit.findMany();
    expect(rows.map((r) => [r.action, r.objectType, r.objectId, r.before])).toEqual([
      ["error.status", "error", group?.key, JSON.stringify({ status: "new" })],
    ]);
    const entry = await findErrorEntry("err_t_1");
    expect(entry).toMatchObject({ route: "/x", groupStatus: "investigating", reportIds: [expect.any(String)] });
    expect(await findErrorEntry("err_none")).toBeNull();
  });

  it("refuses a group that is not in the log (404)", async () => {
    const failure = await setErrorGroupStatus(admin, "0".repeat(64), "fixed").catch((e) => e);
    expect(failure.init?.status ?? failure.status).toBe(404);
    expect(await prisma.adminAudit.count()).toBe(0);
  });
});
