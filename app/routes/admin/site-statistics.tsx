import { data } from "react-router";
import { ChartFigure } from "~/admin/chart-views";
import { siteStatistics, WEEKS } from "~/admin/statistics.server";
import { requireAdmin } from "~/auth/auth.server";
import { PageTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { barChart, weeklyLineChart } from "~/site/charts.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/site-statistics";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const s = await siteStatistics();
  const bars = (rows: { label: string; value: number }[]) => ({
    chart: barChart(rows),
    rows: rows.map((r): [string, number] => [r.label, r.value]),
  });
  const weekly = (rows: { week: string; value: number }[]) => ({
    chart: weeklyLineChart(rows),
    rows: rows.map((r): [string, number] => [`Week of ${r.week}`, r.value]),
  });
  return data(
    {
      readers: s.readers,
      activeReaders: s.activeReaders,
      dbBytes: s.dbBytes,
      charts: [
        { title: "Stories by source", columns: ["Source", "Stories"], ...bars(s.sources) },
        {
          // The synced copies carry their source's categories, not this site's: the chart counts the posts here.
          title: "Own and community stories by category (published)",
          columns: ["Category", "Stories"],
          ...bars(s.categories),
        },
        {
          // Counted from the accounts there are: one deleted since is gone from its week too (no
          // record of registrations outlives the account; the audit).
          title: `Registrations by week (last ${WEEKS}; accounts that still exist)`,
          columns: ["Week", "Registrations"],
          ...weekly(s.registrations),
        },
        { title: `Sign-ins by week (last ${WEEKS})`, columns: ["Week", "Sign-ins"], ...weekly(s.signIns) },
        { title: "Bookmarks by shelf", columns: ["Shelf", "Bookmarks"], ...bars(s.bookmarks) },
        { title: "Community submissions by status", columns: ["Status", "Stories"], ...bars(s.submissions) },
        {
          title: `Submissions by week (last ${WEEKS})`,
          columns: ["Week", "Submissions"],
          ...weekly(s.submissionsPerWeek),
        },
        { title: `Community comments by week (last ${WEEKS})`, columns: ["Week", "Comments"], ...weekly(s.comments) },
      ] as const,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Site statistics" });

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default function SiteStatistics({ loaderData }: Route.ComponentProps) {
  const { readers, activeReaders, dbBytes, charts } = loaderData;
  return (
    <div>
      <PageTitle>Site statistics</PageTitle>
      <p className="mt-2 text-muted">Stories, readers and activity over time. Weeks start on Monday (UTC).</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded border border-line bg-surface p-3">
          <dt className="text-sm text-muted">Readers with an account</dt>
          <dd className="text-2xl font-bold">{readers}</dd>
        </div>
        <div className="rounded border border-line bg-surface p-3">
          <dt className="text-sm text-muted">Reading in the last 30 days</dt>
          <dd className="text-2xl font-bold">{activeReaders}</dd>
        </div>
        <div className="rounded border border-line bg-surface p-3">
          <dt className="text-sm text-muted">Database size</dt>
          <dd className="text-2xl font-bold">{formatBytes(dbBytes)}</dd>
        </div>
      </dl>
      {charts.map((c) => (
        <ChartFigure key={c.title} title={c.title} chart={c.chart} columns={[...c.columns]} rows={c.rows} />
      ))}
    </div>
  );
}
