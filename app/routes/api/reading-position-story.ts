import { apiGetPosition } from "~/library/library-api.server";
import type { Route } from "./+types/reading-position-story";

/** GET /api/reading-position/{slug}: where the reader stopped in this story. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return apiGetPosition(request, context, params.slug);
}
