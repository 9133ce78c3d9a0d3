// The parts of /admin/analytics (issue 16, docs/decisions/023): the date-range
// form, the summary, the web vitals against their "good" thresholds (SVG made
// from numbers the loader worked out), the reading-time table and, with
// JavaScript, a refresh through the admin JSON endpoints whose failure shows the
// spec's messages (§8).
import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { FETCH_ERRORS, REPORT_ENDPOINTS } from "~/analytics/analytics";
import type { ReadingTimeReport } from "~/analytics/reports.server";
import { SectionTitle } from "~/components/page-title";
import { ScrollX } from "~/components/scroll-x";
import { useHydrated } from "~/utils/use-hydrated";
import { Figures } from "./chart-views";

const field = "mt-1 block rounded border border-line bg-bg px-2 py-1 text-ink";

const LINE = { stroke: "var(--c-ink)" };
const MUTED = { fill: "var(--c-muted)" };
const INK = { fill: "var(--c-ink)" };
const ACCENT_FILL = { fill: "var(--c-accent)" };
const LINE_FILL = { fill: "var(--c-line)" };

export function RangeForm({
  from,
  to,
  errors,
}: {
  from: string;
  to: string;
  errors: { from?: string; to?: string; form?: string };
}) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-4" aria-labelledby="range-heading">
      <h2 id="range-heading" className="sr-only">
        Date range
      </h2>
      <DateField name="from" label="From" value={from} error={errors.from} />
      <DateField name="to" label="To" value={to} error={errors.to} />
      <button type="submit" className="btn btn-primary">
        Show
      </button>
      {errors.form ? (
        <p role="alert" className="w-full text-accent">
          {errors.form}
        </p>
      ) : null}
    </Form>
  );
}

/**
 * With JavaScript: fetch the three reports again (GET /api/analytics/*-test)
 * and redraw the page; a call that fails says so in the spec's words.
 */
export function RefreshFigures({ from, to }: { from: string; to: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ busy: boolean; errors: string[]; done: boolean }>({
    busy: false,
    errors: [],
    done: false,
  });
  if (!hydrated) return null;
  const refresh = async () => {
    setState({ busy: true, errors: [], done: false });
    const query = `?${new URLSearchParams({ from, to })}`;
    const calls = (Object.keys(REPORT_ENDPOINTS) as (keyof typeof REPORT_ENDPOINTS)[]).map(async (kind) => {
      const response = await fetch(`${REPORT_ENDPOINTS[kind]}${query}`, {
        credentials: "include",
        headers: { Accept: "application/json" },
      }).catch(() => null);
      if (!response?.ok) throw new Error(FETCH_ERRORS[kind]);
      return response.json() as Promise<unknown>;
    });
    const results = await Promise.allSettled(calls);
    const errors = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : []));
    if (!errors.length) await revalidator.revalidate();
    setState({ busy: false, errors, done: errors.length === 0 });
  };
  return (
    <div className="mt-4">
      <button type="button" onClick={refresh} disabled={state.busy} className="btn">
        {state.busy ? "Refreshing…" : "Refresh figures"}
      </button>
      <div role="status" aria-live="polite" className="mt-2">
        {state.done ? <p>Figures refreshed.</p> : null}
      </div>
      {state.errors.length ? (
        <ul role="alert" className="mt-2 list-disc pl-6 text-accent">
          {state.errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export type VitalsView = {
  name: string;
  good: number;
  unit: string;
  pages: { pageType: string; p75: number; count: number; isGood: boolean }[];
}[];

/** One bar per page type: the p75 as a share of the "good" threshold (the line at 100%), capped at 200%. */
function VitalBars({ vital, titleId, summaryId }: { vital: VitalsView[number]; titleId: string; summaryId: string }) {
  // Drawn at most 448 px wide, as the other charts (app/site/charts.server.ts): their 14-unit text is
  // about 14 px on a phone. At 480 units its 11-unit text was 8 px there.
  const width = 360;
  const label = 136;
  const row = 30;
  const scale = (width - label - 64) / 2;
  const height = vital.pages.length * row + 24;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-md"
      role="img"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
    >
      {vital.pages.map((p, i) => {
        const ratio = Math.min(2, vital.good ? p.p75 / vital.good : 0);
        const y = i * row + 4;
        return (
          <g key={p.pageType}>
            <text x={label - 8} y={y + 10} dominantBaseline="middle" textAnchor="end" fontSize={14} style={INK}>
              {p.pageType}
            </text>
            <rect
              x={label}
              y={y}
              width={Math.max(1, ratio * scale)}
              height={20}
              style={p.isGood ? LINE_FILL : ACCENT_FILL}
            />
            <text x={label + ratio * scale + 4} y={y + 10} dominantBaseline="middle" fontSize={14} style={INK}>
              {p.p75}
              {vital.unit}
            </text>
          </g>
        );
      })}
      <line x1={label + scale} x2={label + scale} y1={0} y2={height - 20} strokeDasharray="4 3" style={LINE} />
      <text x={label + scale} y={height - 4} textAnchor="middle" fontSize={14} style={MUTED}>
        good: {vital.good}
        {vital.unit}
      </text>
    </svg>
  );
}

export function VitalsSection({ vitals }: { vitals: VitalsView }) {
  const withData = vitals.filter((v) => v.pages.length);
  return (
    <section aria-labelledby="vitals-heading" className="mt-10">
      <SectionTitle id="vitals-heading">Web vitals (p75 by page type)</SectionTitle>
      <p className="mt-1 text-muted">
        The 75th percentile of each measure, against web.dev's “good” threshold (the dashed line). INP replaces FID,
        which browsers no longer report.
      </p>
      {withData.length === 0 ? <p className="mt-3 text-muted">No measurements in this range.</p> : null}
      <div className="grid items-start gap-x-8 lg:grid-cols-2">
        {withData.map((v) => (
          <VitalFigure key={v.name} vital={v} />
        ))}
      </div>
    </section>
  );
}

function VitalFigure({ vital }: { vital: VitalsView[number] }) {
  const titleId = `vital-${vital.name}`;
  const summaryId = `vital-${vital.name}-summary`;
  const good = vital.pages.filter((p) => p.isGood).length;
  return (
    <div className="mt-6">
      <h3 id={titleId} className="text-xl font-bold">
        {vital.name}
      </h3>
      <div className="mt-2 grid items-start gap-3">
        <p id={summaryId} className="text-sm text-muted">
          {good} of {vital.pages.length} page types good (p75 within {vital.good}
          {vital.unit}).
        </p>
        <VitalBars vital={vital} titleId={titleId} summaryId={summaryId} />
        <Figures title={vital.name}>
          <table className="w-full text-left text-sm @max-[18rem]:stacked-table">
            <caption className="text-left font-semibold">{vital.name}: the numbers</caption>
            <thead>
              <tr>
                <th scope="col">Page type</th>
                <th scope="col" className="text-end">
                  p75
                </th>
                <th scope="col" className="text-end">
                  Measurements
                </th>
                <th scope="col">Rating</th>
              </tr>
            </thead>
            <tbody>
              {vital.pages.map((p) => (
                <tr key={p.pageType} className="border-t border-line">
                  <th scope="row" className="py-1 font-normal">
                    {p.pageType}
                  </th>
                  <td className="text-end" data-label="p75">
                    {p.p75}
                    {vital.unit}
                  </td>
                  <td className="text-end" data-label="Measurements">
                    {p.count}
                  </td>
                  <td data-label="Rating">{p.isGood ? "Good" : "Needs work"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Figures>
      </div>
    </div>
  );
}

const minutes = (seconds: number | null) =>
  seconds === null ? "–" : seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;

export function ReadingTimeTable({ stories }: { stories: ReadingTimeReport["stories"] }) {
  return (
    <section aria-labelledby="reading-heading" className="mt-10">
      <SectionTitle id="reading-heading">Reading time per story</SectionTitle>
      <p className="mt-1 text-muted">
        A reading is one reader's day with a story: from opening it to the last place saved. Only readers who accepted
        analytics are counted.
      </p>
      {stories.length === 0 ? (
        <p className="mt-3 text-muted">No readings in this range.</p>
      ) : (
        <ScrollX label="Reading time per story: the numbers">
          <table className="mt-3 w-full text-left text-sm @max-[24rem]:stacked-table">
            <caption className="sr-only">Reading time per story</caption>
            <thead>
              <tr>
                <th scope="col">Story</th>
                <th scope="col" className="text-end">
                  Readings
                </th>
                <th scope="col" className="text-end">
                  Median time
                </th>
                <th scope="col" className="text-end">
                  Finished
                </th>
                <th scope="col" className="text-end">
                  Completion rate
                </th>
              </tr>
            </thead>
            <tbody>
              {stories.map((s) => (
                <tr key={s.slug} className="border-t border-line">
                  <th scope="row" className="py-1 font-normal">
                    {s.title}
                  </th>
                  <td className="text-end" data-label="Readings">
                    {s.sessions}
                  </td>
                  <td className="text-end" data-label="Median time">
                    {minutes(s.medianSeconds)}
                  </td>
                  <td className="text-end" data-label="Finished">
                    {s.finished}
                  </td>
                  <td className="text-end" data-label="Completion rate">
                    {Math.round(s.completionRate * 100)}%
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      )}
    </section>
  );
}

/** One end of the range: a date input with its message under it. */
function DateField({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  const id = `range-${name}`;
  return (
    // In the largest text a date field is wider than a phone: it may shrink to the line (pages.css).
    <div className="min-w-0">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        defaultValue={value}
        className={field}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-accent">
          {error}
        </p>
      ) : null}
    </div>
  );
}
