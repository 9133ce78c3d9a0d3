import { data, Link } from "react-router";
import { dashboardCounts } from "~/admin/dashboard.server";
import { requireAdmin } from "~/auth/auth.server";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { RefreshControl } from "~/shell/refresh-control";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { formatDate } from "~/utils/dates";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(await dashboardCounts(), { headers: PRIVATE_PAGE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Dashboard" });

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { attention, lastSync, syncRunning, health } = loaderData;
  return (
    <div>
      <PageTitle>Dashboard</PageTitle>
      {/* The manual refresh helper (spec §2): these counts change while the page is open. */}
      <div className="mt-3">
        <RefreshControl />
      </div>
      <SectionTitle className="mt-6">Needs attention</SectionTitle>
      <ul className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(min(9rem,100%),1fr))] gap-3 sm:gap-4 lg:grid-cols-3">
        {attention.map((item) => (
          <li key={item.label}>
            <Link
              to={item.href}
              className="block rounded-lg border border-line bg-surface p-4 no-underline hover:border-accent"
            >
              <span className="block text-sm text-muted">{item.label}</span>
              <span className="font-serif text-3xl font-bold">{item.count}</span>
            </Link>
          </li>
        ))}
      </ul>
      <SectionTitle className="mt-8">The site</SectionTitle>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Last content sync</dt>
          <dd>
            {syncRunning ? <span className="block font-semibold">A sync is running now.</span> : null}
            {lastSync ? (
              <>
                <span className="font-semibold">{lastSync.success ? "Succeeded" : "Failed"}</span> on{" "}
                {formatDate(lastSync.timestamp)}, {lastSync.count} posts
                {lastSync.reason ? <span className="block text-sm text-muted">{lastSync.reason}</span> : null}
              </>
            ) : (
              "Never"
            )}{" "}
            <Link to="/admin/wordpress-sync" className="block text-sm">
              Content sync
            </Link>
          </dd>
        </div>
        <div className="rounded-lg border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Health</dt>
          <dd>
            <span className="font-semibold">Database: {health.database === "ok" ? "ok" : "unavailable"}</span>
            <span className="block">
              Maintenance mode: {health.maintenance ? "on (readers get the 503 page)" : "off"}
            </span>
            <Link to="/admin/settings" className="block text-sm">
              Site settings
            </Link>
          </dd>
        </div>
      </dl>
    </div>
  );
}
