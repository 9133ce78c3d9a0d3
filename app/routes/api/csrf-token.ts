import { commitCsrfToken } from "~/auth/csrf.server";
import type { Route } from "./+types/csrf-token";

/** GET /api/csrf-token -> { csrfToken }: for the X-CSRF-Token header of the JSON API. */
export async function loader({ request }: Route.LoaderArgs) {
  const [csrfToken, setCookie] = await commitCsrfToken(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return Response.json({ csrfToken }, { headers });
}
