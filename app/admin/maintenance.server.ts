// Maintenance mode (docs/decisions/021): while an admin has it on,
// every reader's request is answered with the 503 page (status 503,
// Retry-After); admins keep working, and the sign-in page stays open so that an
// admin can sign in to turn it off. /api/health keeps answering (and says so).
import { createContext, data, type MiddlewareFunction } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { MAINTENANCE_RETRY_AFTER_SECONDS, passesMaintenance } from "~/site/site-settings";
import { isMaintenanceMode } from "~/site/site-settings.server";

export const MAINTENANCE_MESSAGE = "The site is closed for maintenance for a short while. Please come back soon.";

const refusedContext = createContext(false);

/** Adds Retry-After to the 503 the guard below threw (the error page is rendered in between). */
const retryAfter: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (!context.get(refusedContext) || response.status !== 503) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(MAINTENANCE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

const guard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { pathname } = new URL(request.url);
  // Open paths first: /api/health must answer (503) even when the database cannot say whether
  // the site is in maintenance; elsewhere a database that fails is the route's own error to show.
  if (passesMaintenance(pathname, false)) return next();
  const closed = await isMaintenanceMode().catch(() => false);
  if (!closed) return next();
  const user = await getOptionalUser(request);
  if (passesMaintenance(pathname, Boolean(user?.isAdmin))) return next();
  context.set(refusedContext, true);
  throw data({ message: MAINTENANCE_MESSAGE }, { status: 503 });
};

/** For the root route's middleware, after the API's error shape (so /api answers JSON). */
export const maintenanceMiddleware = [retryAfter, guard];
