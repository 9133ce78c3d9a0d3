import { handleOidcCallback } from "~/auth/oidc-routes.server";
import type { Route } from "./+types/oidc-callback";

/** GET /auth/oidc/{provider}/callback: where the provider sends the reader back (docs/decisions/013). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return handleOidcCallback(request, context, params.provider);
}
