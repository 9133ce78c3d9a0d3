import { apiLogout } from "~/auth/auth-api.server";
import { jsonError } from "~/utils/api-errors";
import type { Route } from "./+types/logout";

/**
 * GET and POST /api/auth/logout (spec §7). POST passes the CSRF check like
 * every state change; GET, which no token protects, only signs out when the
 * browser says the request came from this site (Sec-Fetch-Site), so a link on
 * another site cannot sign a reader out.
 */
export function loader({ request }: Route.LoaderArgs) {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin") return jsonError("Sign out from this site.", 403);
  return apiLogout(request);
}

export function action({ request }: Route.ActionArgs) {
  return apiLogout(request);
}
