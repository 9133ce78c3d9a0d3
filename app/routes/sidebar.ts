import { data, redirect } from "react-router";
import { serializeSidebarState } from "~/theme/theme-cookies.server";
import { invariantResponse, readFormData } from "~/utils/http";
import { safeRedirectPath } from "~/utils/redirect";
import type { Route } from "./+types/sidebar";

/** POST /sidebar: remembers whether the desktop sidebar is collapsed. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const state = form.get("state");
  invariantResponse(state === "collapsed" || state === "expanded", "State must be collapsed or expanded.");
  const headers = { "Set-Cookie": await serializeSidebarState(state) };
  const redirectTo = form.get("redirectTo");
  if (redirectTo !== null) return redirect(safeRedirectPath(redirectTo), { headers });
  return data({ state }, { headers });
}

export function loader() {
  return redirect("/");
}
