import { apiOpened } from "~/notifications/notification-api.server";
import type { Route } from "./+types/opened";

/** POST /api/notifications/opened: the panel was opened (the ignored-notification rule's clock, spec §4). */
export function action({ request, context }: Route.ActionArgs) {
  return apiOpened(request, context);
}
