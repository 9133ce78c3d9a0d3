import { vitalsAction } from "~/analytics/analytics-api.server";
import { jsonError } from "~/utils/api-errors";
import type { Route } from "./+types/vitals";

/** POST /api/analytics/vitals: sent by the browser only with consent; refused by the server without it (docs/decisions/023). */
export function action({ request, context }: Route.ActionArgs) {
  return vitalsAction(request, context);
}

export function loader() {
  return jsonError("Use POST.", 405, { Allow: "POST" });
}
