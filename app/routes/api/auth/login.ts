import { apiLogin } from "~/auth/auth-api.server";
import type { Route } from "./+types/login";

/** POST /api/auth/login (JSON email, password, rememberMe) -> { user }, or 4xx { message, code }. */
export function action({ request, context }: Route.ActionArgs) {
  return apiLogin(request, context);
}
