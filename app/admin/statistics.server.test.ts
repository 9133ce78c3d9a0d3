import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { barChart, weeklyLineChart } from "~/site/charts.server";
import { lastWeeks, siteStatistics, weekStart } from "./statistics.server";

beforeEach(async () => {
  await prisma.session.deleteMany();
  await prisma.user.deleteMany();
});

describe("site statistics", () => {
  it("finds the Monday of a week (UTC)", () => {
    expect(weekStart(new Date("2026-11-24T16:00:00Z"))).toBe("2026-11-23"); // a Tuesday
    expect(weekStart(new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23"); // a Monday
    expect(weekStart(new Date("2026-11-22T23:59:59Z"))).toBe("2026-11-16"); // a Sunday
    expect(lastWeeks(new Date("2026-11-24T00:00:00Z"), 3)).toEqual(["2026-11-09", "2026-11-16", "2026-11-23"]);
  });

  it("counts registrations per week in SQL, with empty weeks as 0 and old ones left out", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const dates = ["2026-11-23T08:00:00Z", "2026-11-24T08:00:00Z", "2026-11-22T23:00:00Z", "2025-01-01T00:00:00Z"];
    for (const [i, d] of dates.entries()) {
      await prisma.user.create({
        data: { email: `u${i}@x.test`, username: `u${i}`, usernameKey: `u${i}`, createdAt: new Date(d) },
      });
    }
    const s = await siteStatistics(now);
    expect(s.registrations).toHaveLength(12);
    expect(s.registrations.at(-1)).toEqual({ week: "2026-11-23", value: 2 });
    expect(s.registrations.at(-2)).toEqual({ week: "2026-11-16", value: 1 });
    expect(s.registrations.reduce((n, w) => n + w.value, 0)).toBe(3);
    expect(s.readers).toBe(4);
    expect(s.dbBytes).toBeGreaterThan(4096);
  });

  it("names community submissions by the statuses' labels, in the story's order", async () => {
    const writer = await prisma.user.create({ data: { email: "w@x.test", username: "w", usernameKey: "w" } });
    await prisma.post.deleteMany({ where: { authorId: { not: null } } });
    for (const [i, status] of ["rejected", "review", "changes", "review"].entries()) {
      await prisma.post.create({
        data: { slug: `stat-${i}-${status}`, title: `S${i}`, content: "x", status, authorId: writer.id },
      });
    }
    const s = await siteStatistics(new Date());
    expect(s.submissions).toEqual([
      { label: "In review", value: 2 },
      { label: "Changes requested", value: 1 },
      { label: "Rejected", value: 1 },
    ]);
  });

  it("draws bars and a line from the numbers", () => {
    const bars = barChart([
      { label: "Own stories", value: 4 },
      { label: "Community stories", value: 2 },
    ]);
    const [first, second] = bars.bars;
    expect(first?.width ?? 0).toBeGreaterThan(second?.width ?? Number.POSITIVE_INFINITY);
    const line = weeklyLineChart([
      { week: "2026-11-16", value: 0 },
      { week: "2026-11-23", value: 3 },
    ]);
    expect(line.path).toMatch(/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
    const [start, next] = line.points;
    expect(next?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(start?.y ?? 0);
  });
});
