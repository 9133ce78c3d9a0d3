// /admin/feedback.csv: the feedback review's current view (kind, type, category,
// status; every page) as a CSV download (docs/decisions/020). A resource route:
// requireAdmin sends anonymous visitors to sign in and answers a reader's request 403.
import { readFilters } from "~/admin/feedback-review";
import { exportCsv } from "~/admin/feedback-review.server";
import { requireAdmin } from "~/auth/auth.server";
import type { Route } from "./+types/feedback-csv";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = readFilters(new URL(request.url).searchParams);
  const csv = await exportCsv(filters);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filters.kind}-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
