import { data, useLocation } from "react-router";
import { requireAdmin } from "~/auth/auth.server";
import { loadReportsSection, reportsAction } from "~/community/reports-action.server";
import { REPORTS_ACTION, ReportsSection } from "~/community/reports-section";
import { PageTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/reports";

/** /admin/content-moderation/reports: the reported posts and comments (the moderation page shows the same section). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(await loadReportsSection(request), { headers: PRIVATE_PAGE_HEADERS });
}

export function action({ request, context }: Route.ActionArgs) {
  return reportsAction(request, context);
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Reported posts" });

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  return (
    <div className="space-y-6">
      <PageTitle>Reported posts</PageTitle>
      <p className="text-muted">
        Readers' reports of community posts and story comments. Hiding shows "removed by a moderator" in place of the
        text; deleting empties it and keeps its place in the thread. The author is told either way.
      </p>
      <ReportsSection
        groups={loaderData.groups}
        recent={loaderData.recent}
        list={loaderData.list}
        redirectTo={REPORTS_ACTION + search}
      />
    </div>
  );
}
