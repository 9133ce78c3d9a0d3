import { apiSavePosition } from "~/library/library-api.server";
import { jsonError } from "~/utils/api-errors";
import type { Route } from "./+types/reading-position";

/** POST/PUT /api/reading-position { slug, paragraph }: saved as the reader reads (debounced, keepalive on leave). */
export async function action({ request, context }: Route.ActionArgs) {
  return apiSavePosition(request, context);
}

export function loader() {
  return jsonError("Use POST or PUT; GET /api/reading-position/{slug} reads a position.", 405, { Allow: "POST, PUT" });
}
