import { vitalsAction } from "~/analytics/analytics-api.server";
import type { Route } from "./+types/vitals";

/** POST /api/analytics/vitals: sent by the browser only with consent; refused by the server without it (docs/decisions/023). */
export function action({ request, context }: Route.ActionArgs) {
  return vitalsAction(request, context);
}
