import { apiCollection, apiList } from "~/notifications/notification-api.server";
import type { ApiRouteHandle } from "~/site/api-methods.server";
import type { Route } from "./+types/notifications";

/** GET /api/notifications?filter=&page=: a page (100) of the reader's notifications, and the counts. */
export function loader({ request, context }: Route.LoaderArgs) {
  return apiList(request, context);
}

export const handle: ApiRouteHandle = { actionMethods: ["POST", "DELETE"] };

/** DELETE /api/notifications clears them all; POST merges the browser's notifications after sign-in. */
export function action({ request, context }: Route.ActionArgs) {
  return apiCollection(request, context);
}
