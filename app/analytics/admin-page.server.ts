// The admin analytics page's data (/admin/analytics, docs/decisions/023): the range a GET
// form names, read and checked, and the figures of analyticsOverview() shaped into SVG
// charts with their data tables. The route module only renders it.
import { barChart, weeklyLineChart } from "~/site/charts.server";
import { DateRangeSchema, resolveRange } from "./analytics";
import { analyticsOverview } from "./reports.server";

/** What the page shows for `url`: `status` 400 (with what was typed and why) for a range that is not one. */
export async function analyticsPage(url: URL) {
  const typed = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const input = DateRangeSchema.safeParse({ from: typed.from || undefined, to: typed.to || undefined });
  const errors: { from?: string; to?: string; form?: string } = {};
  if (!input.success) {
    for (const issue of input.error.issues) {
      const key = issue.path[0] === "to" ? "to" : "from";
      errors[key] ??= issue.message;
    }
  }
  const range = input.success ? resolveRange(input.data) : null;
  if (range && "error" in range) errors.form = range.error;
  if (!range || "error" in range) {
    // What the admin typed comes back with the message; no figures for a range that is not one.
    return { status: 400, typed, errors, overview: null };
  }
  const o = await analyticsOverview(range.from, range.to);
  const bars = (rows: { label: string; value: number }[]) => ({
    chart: barChart(rows),
    rows: rows.map((r): [string, number] => [r.label, r.value]),
  });
  const daily = (key: "views" | "readers" | "returningReaders" | "bookmarks" | "finishes", what: string) => {
    const rows = o.engagement.days.map((d) => ({ week: d.day, value: d[key] }));
    return {
      chart: weeklyLineChart(rows),
      rows: rows.map((r): [string, number] => [r.week, r.value]),
      empty: `No ${what} in this range yet.`,
    };
  };
  const timed = o.readingTime.stories.filter((s) => s.medianSeconds !== null).slice(0, 12);
  return {
    status: 200,
    typed: { from: range.from, to: range.to },
    errors,
    overview: {
      range,
      totals: o.engagement.totals,
      slow: o.devices.slowConnections,
      stories: o.readingTime.stories.slice(0, 50),
      vitals: o.vitals.map((v) => ({ ...v, unit: v.name === "CLS" ? "" : " ms" })),
      engagement: [
        { title: "Page views per day", columns: ["Day", "Views"] as [string, string], ...daily("views", "views") },
        { title: "Readers per day", columns: ["Day", "Readers"] as [string, string], ...daily("readers", "readers") },
        {
          title: "Returning readers per day",
          columns: ["Day", "Returning readers"] as [string, string],
          ...daily("returningReaders", "returning readers"),
        },
        {
          title: "Bookmarks per day",
          columns: ["Day", "Bookmarks"] as [string, string],
          ...daily("bookmarks", "bookmarks"),
        },
        {
          title: "Stories finished per day",
          columns: ["Day", "Finished"] as [string, string],
          ...daily("finishes", "stories finished"),
        },
      ],
      reading: {
        title: "Median reading time per story (seconds)",
        columns: ["Story", "Seconds"] as [string, string],
        ...bars(timed.map((s) => ({ label: s.title, value: s.medianSeconds ?? 0 }))),
        // Medians of different stories do not add up to anything.
        additive: false,
      },
      devices: [
        { title: "Browsers", columns: ["Browser", "Views"] as [string, string], ...bars(o.devices.browsers) },
        {
          title: "Operating systems",
          columns: ["Operating system", "Views"] as [string, string],
          ...bars(o.devices.operatingSystems),
        },
        { title: "Screen sizes", columns: ["Screen", "Views"] as [string, string], ...bars(o.devices.screens) },
        {
          title: "Connection types",
          columns: ["Connection", "Views"] as [string, string],
          ...bars(o.devices.connections),
        },
      ],
    },
  };
}
