import { redirect } from "react-router";
import { exportAccountData } from "~/account/data.server";
import { requireUser } from "~/auth/auth.server";
import type { Route } from "./+types/privacy-export";

/**
 * POST /settings/privacy/export (the "Download my data" form, with its CSRF
 * token): everything the site keeps about the reader, as a JSON attachment.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = JSON.stringify(await exportAccountData(user.id), null, 2);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="horror-stories-data-${day}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The download is a POST; a GET goes to the page that has the form. */
export function loader() {
  return redirect("/settings/privacy");
}
