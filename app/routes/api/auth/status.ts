import { getOptionalUser } from "~/auth/auth.server";
import { publicUser } from "~/auth/auth-api.server";
import type { Route } from "./+types/status";

/** GET /api/auth/status -> { isAuthenticated, user }. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  return Response.json(
    { isAuthenticated: Boolean(user), user: user ? publicUser(user) : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
