// Chart geometry for the admin charts (/admin/site-statistics, /admin/analytics),
// worked out on the server with d3-scale and d3-shape (docs/decisions/019): the
// loader sends finished coordinates and path data, the page draws plain SVG, so
// the charts show without JavaScript and d3 never ships to the browser.
import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";

/** What the charts are drawn from: counts by label, and counts by week (YYYY-MM-DD of its Monday). */
export type Count = { label: string; value: number };
export type WeekCount = { week: string; value: number };

export type BarChartModel = {
  kind: "bar";
  width: number;
  height: number;
  labelWidth: number;
  bars: { label: string; value: number; y: number; width: number; height: number }[];
  ticks: { value: number; x: number }[];
};

export type LineChartModel = {
  kind: "line";
  width: number;
  height: number;
  path: string;
  points: { week: string; value: number; x: number; y: number }[];
  yTicks: { value: number; y: number }[];
  xLabels: { text: string; x: number }[];
  margin: { top: number; right: number; bottom: number; left: number };
};

const WIDTH = 480;

/** Horizontal bars: one band per row, lengths on a linear scale from 0. */
export function barChart(rows: Count[]): BarChartModel {
  const labelWidth = 170;
  const rowHeight = 28;
  const height = Math.max(1, rows.length) * rowHeight + 24;
  const y = scaleBand<string>()
    .domain(rows.map((r) => r.label))
    .range([0, height - 24])
    .padding(0.2);
  const max = Math.max(1, ...rows.map((r) => r.value));
  const x = scaleLinear()
    .domain([0, max])
    .nice()
    .range([0, WIDTH - labelWidth - 40]);
  return {
    kind: "bar",
    width: WIDTH,
    height,
    labelWidth,
    bars: rows.map((r) => ({
      label: r.label,
      value: r.value,
      y: y(r.label) ?? 0,
      width: x(r.value),
      height: y.bandwidth(),
    })),
    ticks: x
      .ticks(Math.min(5, max))
      .filter(Number.isInteger)
      .map((value) => ({ value, x: x(value) })),
  };
}

/** One line over the weeks, with a dot per week. */
export function weeklyLineChart(rows: WeekCount[]): LineChartModel {
  // Low and wide: the trend reads as well, and a page of them fits on a few screens (issue 40).
  const height = 150;
  const margin = { top: 12, right: 16, bottom: 32, left: 40 };
  const x = scalePoint<string>()
    .domain(rows.map((r) => r.week))
    .range([margin.left, WIDTH - margin.right]);
  const max = Math.max(1, ...rows.map((r) => r.value));
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([height - margin.bottom, margin.top]);
  const points = rows.map((r) => ({ week: r.week, value: r.value, x: x(r.week) ?? 0, y: y(r.value) }));
  const path =
    line<(typeof points)[number]>()
      .x((p) => p.x)
      .y((p) => p.y)(points) ?? "";
  return {
    kind: "line",
    width: WIDTH,
    height,
    path,
    points,
    yTicks: y
      .ticks(Math.min(4, max))
      .filter(Number.isInteger)
      .map((value) => ({ value, y: y(value) })),
    // Every third week is labelled (day and month), so the labels never overlap.
    xLabels: points.filter((_, i) => i % 3 === 0).map((p) => ({ text: p.week.slice(5), x: p.x })),
    margin,
  };
}
