import { apiReadAll } from "~/notifications/notification-api.server";
import type { Route } from "./+types/read-all";

/** POST /api/notifications/read-all. */
export function action({ request, context }: Route.ActionArgs) {
  return apiReadAll(request, context);
}
