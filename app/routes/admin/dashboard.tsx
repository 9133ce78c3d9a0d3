import { dashboardCounts } from "~/admin/dashboard.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatDate } from "~/components/story-card";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return dashboardCounts();
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Dashboard" });

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { ownStories, syncedStories, users, admins, activeSessions, lastSync } = loaderData;
  const cards = [
    ["Own stories", ownStories],
    ["Synced stories", syncedStories],
    ["Users", users],
    ["Administrators", admins],
    ["Active sessions", activeSessions],
  ] as const;
  return (
    <div>
      <h1 className="font-serif text-4xl font-bold">Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line bg-surface p-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-serif text-3xl font-bold">{value}</dd>
          </div>
        ))}
        <div className="rounded-lg border border-line bg-surface p-4">
          <dt className="text-sm text-muted">Last content sync</dt>
          <dd>
            {lastSync ? (
              <>
                <span className="font-semibold">{lastSync.success ? "Succeeded" : "Failed"}</span> on{" "}
                {formatDate(lastSync.timestamp)}, {lastSync.count} posts
                {lastSync.reason ? <span className="block text-sm text-muted">{lastSync.reason}</span> : null}
              </>
            ) : (
              "Never"
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
