import { handleOidcStart } from "~/auth/oidc-routes.server";
import type { Route } from "./+types/oidc-start";

/** GET /auth/oidc/{provider}: "Sign in with {Name}" on /auth leads here, and on to the provider. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleOidcStart(request, params.provider);
}
