import { data } from "react-router";
import { RangeForm, ReadingTimeTable, RefreshFigures, VitalsSection } from "~/admin/analytics-views";
import { ChartFigure } from "~/admin/chart-views";
import { analyticsPage } from "~/analytics/admin-page.server";
import { dayOf } from "~/analytics/analytics";
import { requireAdmin } from "~/auth/auth.server";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/analytics";

// /admin/analytics and /admin/analytics-dashboard (one module, docs/decisions/016 and 023):
// reading, device and engagement figures gathered with the readers' consent, as SVG made on
// the server, for the range the GET form names (the last 30 days by default).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await analyticsPage(new URL(request.url));
  const { status, ...shown } = page;
  return data(shown, { status, headers: PRIVATE_PAGE_HEADERS });
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Analytics" });

/** Charts two abreast where the column is wide enough: a page of charts, not a scroll of them (issue 40). */
const CHART_GRID = "grid items-start gap-x-8 lg:grid-cols-2";

const percent = (share: number | null) => (share === null ? "–" : `${Math.round(share * 1000) / 10}%`);

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { typed, errors, overview } = loaderData;
  return (
    <div>
      <PageTitle>Analytics</PageTitle>
      <p className="mt-2 text-muted">
        Counted only for readers who accepted analytics (page views, reading) or performance (web vitals) cookies, and
        never with Do Not Track or Global Privacy Control. Days are UTC (today: {dayOf(new Date())}).
      </p>
      <RangeForm from={typed.from} to={typed.to} errors={errors} />
      {overview ? (
        <>
          <RefreshFigures from={overview.range.from} to={overview.range.to} />
          <section aria-labelledby="summary-heading" className="mt-8">
            <SectionTitle id="summary-heading">
              {overview.range.from} to {overview.range.to}
            </SectionTitle>
            <dl className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Figure label="Page views" value={overview.totals.views} />
              <Figure label="Readers (counted once a day)" value={overview.totals.readers} />
              <Figure label="Returning readers" value={overview.totals.returningReaders} />
              <Figure label="Stories finished" value={overview.totals.finishes} />
              <Figure
                label="Views on a slow connection (2g, slow-2g or Save-Data)"
                value={
                  overview.slow.known
                    ? `${percent(overview.slow.share)} of ${overview.slow.known}`
                    : overview.totals.views
                      ? "No view's connection is known yet."
                      : "No views in this range yet."
                }
              />
            </dl>
          </section>
          <h2 className="mt-10 font-serif text-3xl font-bold">Engagement</h2>
          <div className={CHART_GRID}>
            {overview.engagement.map((c) => (
              <ChartFigure
                key={c.title}
                title={c.title}
                chart={c.chart}
                columns={c.columns}
                rows={c.rows}
                empty={c.empty}
              />
            ))}
          </div>
          <ReadingTimeTable stories={overview.stories} />
          <ChartFigure
            title={overview.reading.title}
            chart={overview.reading.chart}
            columns={overview.reading.columns}
            rows={overview.reading.rows}
            additive={overview.reading.additive}
          />
          <h2 className="mt-10 font-serif text-3xl font-bold">Devices</h2>
          <div className={CHART_GRID}>
            {overview.devices.map((c) => (
              <ChartFigure key={c.title} title={c.title} chart={c.chart} columns={c.columns} rows={c.rows} />
            ))}
          </div>
          <VitalsSection vitals={overview.vitals} />
        </>
      ) : null}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number | string }) {
  // A figure is large; a sentence in its place (nothing to count yet) is text.
  const sentence = typeof value === "string" && value.endsWith(".");
  return (
    <div className="rounded border border-line bg-surface p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={sentence ? "mt-1" : "text-2xl font-bold"}>{value}</dd>
    </div>
  );
}
