import { adminReport } from "~/analytics/analytics-api.server";
import type { Route } from "./+types/devices-test";

/** GET /api/analytics/devices-test?from&to (YYYY-MM-DD): admins only, JSON (spec §7). */
export function loader({ request }: Route.LoaderArgs) {
  return adminReport(request, "devices");
}
