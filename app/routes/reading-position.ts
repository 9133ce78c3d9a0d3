import { redirect } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { handlePositionForm } from "~/library/library-form.server";
import type { Route } from "./+types/reading-position";

/** POST /reading-position: "I stopped here" and "I finished" under a story, without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  return handlePositionForm(request, user);
}

/** Nothing to show here: the library is. */
export function loader() {
  return redirect("/bookmarks");
}
