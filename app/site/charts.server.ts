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
  fontSize: number;
  labelWidth: number;
  /** `shown`: the label as drawn, cut with "…" past BAR_LABEL_CHARS. */
  bars: { label: string; shown: string; value: number; y: number; width: number; height: number }[];
  ticks: { value: number; x: number }[];
};

export type LineChartModel = {
  kind: "line";
  width: number;
  height: number;
  fontSize: number;
  path: string;
  points: { week: string; value: number; x: number; y: number }[];
  yTicks: { value: number; y: number }[];
  xLabels: { text: string; x: number }[];
  margin: { top: number; right: number; bottom: number; left: number };
};

/**
 * The charts' width in SVG units. The page draws them at most 448 px wide (max-w-md): about their
 * own size on a 390 px phone, 1.25 times on a desktop. At 480 units their 11-unit text was 8 px on a
 * phone, where a chart fills the column.
 */
const WIDTH = 360;
/** Text in the charts: 14 units, the site's small text on a phone, about 17 px on a desktop. */
const CHART_FONT = 14;
/** A label's width in units, for `chars` characters of CHART_FONT (an average glyph, with a gap). */
const labelUnits = (chars: number) => chars * CHART_FONT * 0.62 + 8;
/** The longest bar label drawn whole (the figures' table has every label in full). */
const BAR_LABEL_CHARS = 17;

/** Horizontal bars: one band per row, lengths on a linear scale from 0. */
export function barChart(rows: Count[]): BarChartModel {
  const labelWidth = Math.round(labelUnits(BAR_LABEL_CHARS));
  const rowHeight = 30;
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
    fontSize: CHART_FONT,
    labelWidth,
    bars: rows.map((r) => ({
      label: r.label,
      shown: r.label.length > BAR_LABEL_CHARS ? `${r.label.slice(0, BAR_LABEL_CHARS - 1)}…` : r.label,
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
  const margin = { top: 12, right: 20, bottom: 32, left: 44 };
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
    fontSize: CHART_FONT,
    path,
    points,
    yTicks: y
      .ticks(Math.min(4, max))
      .filter(Number.isInteger)
      .map((value) => ({ value, y: y(value) })),
    xLabels: xLabels(points),
    margin,
  };
}

/**
 * The day-and-month labels under a line: as many as fit without overlapping, counted back from the
 * newest point, which always has its label (the newest day or week was the one left unlabelled).
 */
function xLabels(points: { week: string; x: number }[]) {
  const last = points.length - 1;
  const spacing = last > 0 ? Math.abs((points[last]?.x ?? 0) - (points[0]?.x ?? 0)) / last : Number.POSITIVE_INFINITY;
  const step = Math.max(1, Math.ceil(labelUnits(5) / spacing));
  return points.filter((_, i) => (last - i) % step === 0).map((p) => ({ text: p.week.slice(5), x: p.x }));
}
