import { Outlet } from "react-router";
import { requireAdmin } from "~/auth/auth.server";
import type { Route } from "./+types/layout";

/** Every admin page is behind this guard: anonymous -> /auth, reader -> 403, admin -> the page. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Administration</p>
      <Outlet />
    </div>
  );
}
