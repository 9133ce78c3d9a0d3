import { apiRegister } from "~/auth/auth-api.server";
import type { Route } from "./+types/register";

/** POST /api/auth/register (JSON email, username, password) -> 201 { user }, or 4xx { message, code }. */
export function action({ request, context }: Route.ActionArgs) {
  return apiRegister(request, context);
}
