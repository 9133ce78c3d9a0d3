import { API_NOT_FOUND } from "~/site/api-methods.server";
import { jsonError } from "~/utils/api-errors";

/**
 * Any /api/ path no other route has: 404 JSON, not the site's HTML page, whatever the method (the
 * API's method check answers the methods other than GET and HEAD, app/site/api-methods.server.ts).
 */
export function loader() {
  return jsonError(API_NOT_FOUND, 404);
}
