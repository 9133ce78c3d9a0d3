import { data, redirect } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { acceptAll, type CookiePreferences, essentialOnly, mergeConsent, OPTIONAL_CATEGORIES } from "~/consent/consent";
import { consentCookies, getConsent, saveAccountConsent } from "~/consent/consent.server";
import { invariantResponse, readFormData } from "~/utils/http";
import { safeRedirectPath } from "~/utils/redirect";
import type { Route } from "./+types/cookie-consent";

/**
 * POST /cookie-consent: choice=accept | decline | custom (with a checkbox per
 * optional category) | set (category=..., enabled=on or absent: one switch). Redirects back without
 * JavaScript; answers data to the enhanced banner and settings page.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const choice = form.get("choice");
  const current = await getConsent(request);
  let preferences: CookiePreferences;
  if (choice === "accept") preferences = acceptAll();
  else if (choice === "decline") preferences = essentialOnly();
  else if (choice === "custom") {
    preferences = mergeConsent(current, Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, form.get(c) === "on"])));
  } else if (choice === "set") {
    const category = form.get("category");
    const known = OPTIONAL_CATEGORIES.find((c) => c === category);
    invariantResponse(known, "Unknown cookie category.");
    preferences = mergeConsent(current ?? essentialOnly(), { [known]: form.get("enabled") === "on" });
  } else {
    throw data({ message: "Choose accept, decline or custom." }, { status: 400 });
  }
  // A signed-in reader's choice follows them to their other browsers (/settings/privacy).
  const user = await getOptionalUser(request);
  if (user) await saveAccountConsent(user.id, preferences);
  const headers = new Headers();
  for (const cookie of await consentCookies(preferences)) headers.append("Set-Cookie", cookie);
  const redirectTo = form.get("redirectTo");
  if (redirectTo !== null) return redirect(safeRedirectPath(redirectTo), { headers });
  return data({ preferences }, { headers });
}

export function loader() {
  return redirect("/settings/cookie-management");
}
