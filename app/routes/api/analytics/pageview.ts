import { pageViewAction } from "~/analytics/analytics-api.server";
import type { Route } from "./+types/pageview";

/** POST /api/analytics/pageview: sent by the browser only with consent; refused by the server without it (docs/decisions/023). */
export function action({ request, context }: Route.ActionArgs) {
  return pageViewAction(request, context);
}
