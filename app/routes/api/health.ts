import { checkDatabase } from "~/utils/health.server";

/** GET /api/health: 200 when the database answers, 503 when it does not (Docker HEALTHCHECK). */
export async function loader() {
  const database = await checkDatabase();
  const ok = database === "ok";
  return Response.json(
    { status: ok ? "ok" : "unavailable", database, time: new Date().toISOString() },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
