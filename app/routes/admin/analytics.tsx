import { data, Link } from "react-router";
import { requireAdmin } from "~/auth/auth.server";
import { routeMeta } from "~/utils/meta";
import { PRIVATE_PAGE_HEADERS } from "../../../server/http-cache";
import type { Route } from "./+types/analytics";

// /admin/analytics and /admin/analytics-dashboard (one module, docs/decisions/016).
// The analytics issue (16) fills it with consented page views, web vitals and
// reading figures; until then it says so and points at what exists.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { headers: PRIVATE_PAGE_HEADERS });
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Analytics" });

export default function Analytics() {
  return (
    <div>
      <h1 className="font-serif text-4xl font-bold">Analytics</h1>
      <p className="mt-2">
        Reading, device and engagement figures gathered with the readers' consent are not collected yet. Until they are,
        the <Link to="/admin/site-statistics">site statistics</Link> show what the database knows.
      </p>
    </div>
  );
}
