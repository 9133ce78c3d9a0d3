import { data, redirect } from "react-router";
import { isTheme } from "~/theme/theme";
import { serializeTheme } from "~/theme/theme-cookies.server";
import { invariantResponse, readFormData } from "~/utils/http";
import { safeRedirectPath } from "~/utils/redirect";
import type { Route } from "./+types/theme";

/** POST /theme: saves the theme in its cookie; redirects back when the form asked to (no JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const theme = form.get("theme");
  invariantResponse(isTheme(theme), "Theme must be light, dark or system.");
  const headers = { "Set-Cookie": await serializeTheme(theme) };
  const redirectTo = form.get("redirectTo");
  if (redirectTo !== null) return redirect(safeRedirectPath(redirectTo), { headers });
  return data({ theme }, { headers });
}

export function loader() {
  return redirect("/");
}
