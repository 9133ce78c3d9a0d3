import { apiGetBookmark } from "~/library/library-api.server";
import type { Route } from "./+types/bookmark";

/** GET /api/bookmarks/{slug}: the story's shelf in the reader's library. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return apiGetBookmark(request, context, params.slug);
}
