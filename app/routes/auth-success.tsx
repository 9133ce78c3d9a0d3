import { Link } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { PageTitle } from "~/components/page-title";
import { routeMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/redirect";
import type { Route } from "./+types/auth-success";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/");
  return { username: user.username, redirectTo };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Signed in" });

export default function AuthSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md text-center">
      <PageTitle>Welcome, {loaderData.username}</PageTitle>
      <p className="mt-3 text-muted">You are signed in. The stories are waiting.</p>
      <Link to={loaderData.redirectTo} className="btn btn-primary mt-6">
        {loaderData.redirectTo === "/" ? "Go to the stories" : "Continue where you were"}
      </Link>
    </div>
  );
}
