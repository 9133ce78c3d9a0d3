import { apiSavePosition } from "~/library/library-api.server";
import type { ApiRouteHandle } from "~/site/api-methods.server";
import type { Route } from "./+types/reading-position";

/** POST/PUT /api/reading-position { slug, paragraph }: saved as the reader reads (debounced, keepalive on leave). */
export const handle: ApiRouteHandle = { actionMethods: ["POST", "PUT"] };

export async function action({ request, context }: Route.ActionArgs) {
  return apiSavePosition(request, context);
}
