// Maintenance mode (docs/decisions/021): while an admin has it on,
// every reader's request is answered with the 503 page (status 503,
// Retry-After); admins keep working, and the sign-in page stays open so that an
// admin can sign in to turn it off. /api/health keeps answering (and says so).
import { data, type MiddlewareFunction } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { resendable, retryAfterContext } from "~/database-outage.server";
import { MAINTENANCE_RETRY_AFTER_SECONDS, passesMaintenance } from "~/site/site-settings";
import { isMaintenanceMode } from "~/site/site-settings.server";

export const MAINTENANCE_MESSAGE = "The site is closed for maintenance for a short while. Please come back soon.";

/** For the root route's middleware, after the API's error shape (so /api answers JSON). */
export const maintenanceMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { pathname } = new URL(request.url);
  // Open paths first: /api/health must answer (503) even when the database cannot say whether
  // the site is in maintenance; elsewhere a database that fails is the route's own error to show.
  if (passesMaintenance(pathname, false)) return next();
  const closed = await isMaintenanceMode().catch(() => false);
  if (!closed) return next();
  const user = await getOptionalUser(request);
  if (passesMaintenance(pathname, Boolean(user?.isAdmin))) return next();
  // The root's first middleware adds Retry-After and no-store to the 503 (database-outage.server.ts).
  context.set(retryAfterContext, MAINTENANCE_RETRY_AFTER_SECONDS);
  throw data({ message: MAINTENANCE_MESSAGE, ...resendable() }, { status: 503 });
};
