// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import type { ComponentProps } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { barChart, weeklyLineChart } from "~/site/charts.server";
import { ChartFigure, chartSummary } from "./chart-views";

/** The figure's HTML, rendered inside a router as on a page. */
function html(props: ComponentProps<typeof ChartFigure>) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <ChartFigure {...props} /> }]);
  return render(<Stub />).container.innerHTML;
}

afterEach(cleanup);

describe("a chart's summary and table", () => {
  it("medians of different stories are not added up: no total, the highest and the lowest", () => {
    const rows: [string, number][] = [
      ["Bread & Salt", 47],
      ["The Cursed Post", 3],
    ];
    expect(chartSummary("Seconds", rows, { additive: false })).toBe(
      "Seconds: highest 47 (Bread & Salt), lowest 3 (The Cursed Post).",
    );
    const shown = html({
      title: "Median reading time per story (seconds)",
      chart: barChart(rows.map(([label, value]) => ({ label, value }))),
      columns: ["Story", "Seconds"],
      rows,
      additive: false,
    });
    expect(shown).not.toContain("<tfoot");
    expect(shown).not.toContain("Total");
    // Counts still add up.
    expect(
      chartSummary("Views", [
        ["2026-11-30", 2],
        ["2026-12-01", 5],
      ]),
    ).toBe("Views: 7 in all, highest 5 (2026-12-01).");
  });

  it("when nothing happened, says so instead of naming a 'highest' day of 0", () => {
    const rows: [string, number][] = [
      ["2026-11-02", 0],
      ["2026-11-03", 0],
    ];
    expect(chartSummary("Views", rows, { empty: "No views in this range yet." })).toBe("No views in this range yet.");
    expect(chartSummary("Views", rows)).toBe("Views: none.");
    const shown = html({
      title: "Page views per day",
      chart: weeklyLineChart(rows.map(([week, value]) => ({ week, value }))),
      columns: ["Day", "Views"],
      rows,
      empty: "No views in this range yet.",
    });
    expect(shown).toContain("No views in this range yet.");
    expect(shown).not.toContain("highest");
  });
});
