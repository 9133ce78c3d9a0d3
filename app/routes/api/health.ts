import { isMaintenanceMode } from "~/site/site-settings.server";
import { checkDatabase } from "~/utils/health.server";

/** GET /api/health: 200 when the database answers, 503 when it does not (Docker HEALTHCHECK); open in maintenance mode. */
export async function loader() {
  const database = await checkDatabase();
  const ok = database === "ok";
  // Maintenance mode is said, not hidden: the process is healthy (200), readers get the 503 page.
  const maintenance = ok ? await isMaintenanceMode().catch(() => false) : false;
  return Response.json(
    { status: ok ? "ok" : "unavailable", database, maintenance, time: new Date().toISOString() },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
