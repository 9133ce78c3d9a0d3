import { apiLogout } from "~/auth/auth-api.server";
import { sameOrigin } from "~/auth/csrf.server";
import { jsonError } from "~/utils/api-errors";
import type { Route } from "./+types/logout";

/**
 * GET and POST /api/auth/logout (spec §7). POST passes the CSRF check like
 * every state change; GET, which no token protects, only signs out when the
 * browser shows the request came from this site (Sec-Fetch-Site, else Origin
 * or Referer: the check of the preference forms), so a link on another site
 * cannot sign a reader out. A request with none of the three (a script, or a
 * page that sends no Referer) is refused too: it signs out with POST.
 */
/**
 * What may load it: a navigation (document) or a script's fetch (empty), never a subresource. An
 * <img> of this address in a writer's story was same-origin, and signed out every reader who
 * scrolled to it (the story sanitiser now drops such images too, app/content/html.server.ts).
 */
const SIGN_OUT_DESTINATIONS = new Set(["document", "empty"]);

export function loader({ request }: Route.LoaderArgs) {
  const destination = request.headers.get("Sec-Fetch-Dest");
  if (!sameOrigin(request) || (destination !== null && !SIGN_OUT_DESTINATIONS.has(destination))) {
    return jsonError("Sign out from this site, or with POST /api/auth/logout and the X-CSRF-Token header.", 403);
  }
  return apiLogout(request);
}

export function action({ request }: Route.ActionArgs) {
  return apiLogout(request);
}
