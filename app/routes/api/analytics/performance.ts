import { performanceAction } from "~/analytics/analytics-api.server";
import type { Route } from "./+types/performance";

/** POST /api/analytics/performance: sent by the browser only with consent; refused by the server without it (docs/decisions/023). */
export function action({ request, context }: Route.ActionArgs) {
  return performanceAction(request, context);
}
