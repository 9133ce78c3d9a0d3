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

  it("labels the newest day of a line, and never two labels on top of each other", () => {
    for (const days of [2, 7, 12, 30, 90]) {
      const rows = Array.from({ length: days }, (_, i) => ({
        week: new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10),
        value: i % 4,
      }));
      const { xLabels, fontSize } = weeklyLineChart(rows);
      expect(xLabels.at(-1)?.text).toBe(rows.at(-1)?.week.slice(5));
      // "MM-DD" is about 5 × 0.62 em wide: neighbours stay that far apart, and a gap.
      for (let i = 1; i < xLabels.length; i++)
        expect((xLabels[i]?.x ?? 0) - (xLabels[i - 1]?.x ?? 0)).toBeGreaterThan(5 * fontSize * 0.62);
    }
  });

  it("cuts a long bar label with an ellipsis, keeping it whole in the model for the table", () => {
    const [bar] = barChart([{ label: "The Lantern Keeper of Carrick Bay", value: 3 }]).bars;
    expect(bar?.label).toBe("The Lantern Keeper of Carrick Bay");
    expect(bar?.shown).toBe("The Lantern Keep…");
  });
});
