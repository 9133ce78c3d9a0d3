import { savedList } from "~/offline/offline.server";
import type { Route } from "./+types/offline-saved";

/** /offline/saved: the signed-in reader's saved stories, for the service worker to keep (docs/decisions/042). */
export async function loader({ request }: Route.LoaderArgs) {
  return Response.json(await savedList(request), { headers: { "Cache-Control": "private, no-store" } });
}
