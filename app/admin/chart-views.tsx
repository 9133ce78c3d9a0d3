// The SVG of the statistics charts (geometry from app/site/charts.server.ts), each with
// a data table after it: the SVG is an image named by its heading and
// described by a one-line summary; the table carries the numbers, folded in a
// <details> ("Show the figures") right after the image, so a page of charts is
// not a page of 30-row tables (issue 40), and screen readers and readers
// without JavaScript still reach every figure (a native disclosure).
import { type ReactNode, useId } from "react";
import { SectionTitle } from "~/components/page-title";
import { ScrollX } from "~/components/scroll-x";
import type { BarChartModel, LineChartModel } from "~/site/charts.server";

// The theme's tokens as inline styles (CSP allows style attributes): no new
// utility classes in the stylesheet every reader's page inlines (decision 003).
const LINE = { stroke: "var(--c-line)" };
const MUTED = { fill: "var(--c-muted)" };
const INK = { fill: "var(--c-ink)" };
const ACCENT_FILL = { fill: "var(--c-accent)" };
const ACCENT_STROKE = { stroke: "var(--c-accent)" };

type SvgNames = { titleId: string; summaryId: string };

function BarSvg({ chart, titleId, summaryId }: { chart: BarChartModel } & SvgNames) {
  const { labelWidth } = chart;
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      className="h-auto w-full max-w-md"
      role="img"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
    >
      {chart.ticks.map((t) => (
        <g key={t.value}>
          <line x1={labelWidth + t.x} x2={labelWidth + t.x} y1={0} y2={chart.height - 20} style={LINE} />
          <text x={labelWidth + t.x} y={chart.height - 6} textAnchor="middle" fontSize={chart.fontSize} style={MUTED}>
            {t.value}
          </text>
        </g>
      ))}
      {chart.bars.map((b) => (
        <g key={b.label}>
          <text
            x={labelWidth - 8}
            y={b.y + b.height / 2}
            dominantBaseline="middle"
            textAnchor="end"
            fontSize={chart.fontSize}
            style={INK}
          >
            {b.shown}
          </text>
          <rect x={labelWidth} y={b.y} width={Math.max(b.width, 1)} height={b.height} style={ACCENT_FILL} />
          <text
            x={labelWidth + b.width + 4}
            y={b.y + b.height / 2}
            dominantBaseline="middle"
            fontSize={chart.fontSize}
            style={INK}
          >
            {b.value}
          </text>
        </g>
      ))}
    </svg>
  );
}

function LineSvg({ chart, titleId, summaryId }: { chart: LineChartModel } & SvgNames) {
  const { margin } = chart;
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      className="h-auto w-full max-w-md"
      role="img"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
    >
      {chart.yTicks.map((t) => (
        <g key={t.value}>
          <line x1={margin.left} x2={chart.width - margin.right} y1={t.y} y2={t.y} style={LINE} />
          <text
            x={margin.left - 6}
            y={t.y}
            dominantBaseline="middle"
            textAnchor="end"
            fontSize={chart.fontSize}
            style={MUTED}
          >
            {t.value}
          </text>
        </g>
      ))}
      {chart.xLabels.map((l) => (
        <text key={l.text} x={l.x} y={chart.height - 10} textAnchor="middle" fontSize={chart.fontSize} style={MUTED}>
          {l.text}
        </text>
      ))}
      <path d={chart.path} fill="none" strokeWidth={2} style={ACCENT_STROKE} />
      {chart.points.map((p) => (
        <circle key={p.week} cx={p.x} cy={p.y} r={3} style={ACCENT_FILL} />
      ))}
    </svg>
  );
}

/**
 * A chart's table, folded: closed it is one line, open (a click, Enter or Space
 * on its summary; no JavaScript needed) it shows the table. The summary names
 * the chart for screen readers, so a list of its controls is not ten alike.
 */
export function Figures({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details>
      <summary className="cursor-pointer font-semibold">
        Show the figures<span className="sr-only"> of {title}</span>
      </summary>
      <ScrollX label={`${title}: the numbers`} className="mt-2">
        {children}
      </ScrollX>
    </details>
  );
}

export type SummaryOptions = {
  /**
   * Whether the figures add up (views, registrations). A median per story does not: its chart
   * names its highest and lowest instead, and its table has no total.
   */
  additive?: boolean;
  /** What to say when every figure is 0: nothing happened, so no day is "highest". */
  empty?: string;
};

/** One line for a chart's description: the total and the highest row (the highest and lowest when they do not add up). */
export function chartSummary(
  valueName: string,
  rows: [string, number][],
  { additive = true, empty = `${valueName}: none.` }: SummaryOptions = {},
): string {
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  const high = rows.reduce<[string, number] | null>((best, row) => (best && best[1] >= row[1] ? best : row), null);
  const low = rows.reduce<[string, number] | null>((least, row) => (least && least[1] <= row[1] ? least : row), null);
  if (!high || !low || rows.every(([, n]) => n === 0)) return empty;
  if (!additive) return `${valueName}: highest ${high[1]} (${high[0]}), lowest ${low[1]} (${low[0]}).`;
  return `${valueName}: ${total} in all, highest ${high[1]} (${high[0]}).`;
}

/** A chart, its summary and its folded table under one heading. */
export function ChartFigure({
  title,
  chart,
  columns,
  rows,
  additive = true,
  empty,
}: {
  title: string;
  chart: BarChartModel | LineChartModel;
  columns: [string, string];
  rows: [string, number][];
} & SummaryOptions) {
  const titleId = useId();
  const summaryId = useId();
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  return (
    <section aria-labelledby={titleId} className="mt-8">
      <SectionTitle id={titleId}>{title}</SectionTitle>
      <div className="mt-3 grid items-start gap-3">
        {rows.length ? (
          <>
            <p id={summaryId} className="text-sm text-muted">
              {chartSummary(columns[1], rows, { additive, empty })}
            </p>
            {chart.kind === "bar" ? (
              <BarSvg chart={chart} titleId={titleId} summaryId={summaryId} />
            ) : (
              <LineSvg chart={chart} titleId={titleId} summaryId={summaryId} />
            )}
          </>
        ) : (
          <p className="text-muted">Nothing to show yet.</p>
        )}
        <Figures title={title}>
          <table className="w-full text-left text-sm">
            <caption className="text-left font-semibold">{title}: the numbers</caption>
            <thead>
              {/* In the largest text a column's name breaks, so that its figures stay whole and the
                  table does not scroll a few pixels (docs/decisions/050). */}
              <tr className="wrap-anywhere">
                <th scope="col">{columns[0]}</th>
                <th scope="col" className="text-end">
                  {columns[1]}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label} className="border-t border-line">
                  <th scope="row" className="py-1 font-normal">
                    {label}
                  </th>
                  <td className="text-end">{value}</td>
                </tr>
              ))}
            </tbody>
            {additive ? (
              <tfoot>
                <tr className="border-t border-line">
                  <th scope="row" className="py-1">
                    Total
                  </th>
                  <td className="text-end font-semibold">{total}</td>
                </tr>
              </tfoot>
            ) : null}
          </table>
        </Figures>
      </div>
    </section>
  );
}
