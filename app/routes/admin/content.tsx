import { data } from "react-router";
import { requireAdmin } from "~/auth/auth.server";
import { routeMeta } from "~/utils/meta";
import { PRIVATE_PAGE_HEADERS } from "../../../server/http-cache";
import type { Route } from "./+types/content";

// Placeholder: the admin area issue (15) builds this page.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { headers: PRIVATE_PAGE_HEADERS });
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Content management" });

export default function Page() {
  return (
    <div>
      <h1 className="font-serif text-4xl font-bold">Content management</h1>
      <p className="mt-2 text-muted">Every story from every source.</p>
    </div>
  );
}
