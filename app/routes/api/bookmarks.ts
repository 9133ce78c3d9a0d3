import { apiChangeBookmark, apiListBookmarks } from "~/library/library-api.server";
import type { ApiRouteHandle } from "~/site/api-methods.server";
import type { Route } from "./+types/bookmarks";

/** GET /api/bookmarks: the reader's library (same filters as /bookmarks). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiListBookmarks(request, context);
}

export const handle: ApiRouteHandle = { actionMethods: ["POST", "PUT", "DELETE"] };

/** POST/PUT { slug, shelf } shelves a story; DELETE { slug } removes it. */
export async function action({ request, context }: Route.ActionArgs) {
  return apiChangeBookmark(request, context);
}
