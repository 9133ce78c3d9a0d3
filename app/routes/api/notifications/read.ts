import { apiMarkRead } from "~/notifications/notification-api.server";
import type { Route } from "./+types/read";

/** POST /api/notifications/{id}/read. */
export function action({ request, context, params }: Route.ActionArgs) {
  return apiMarkRead(request, context, params.id);
}
