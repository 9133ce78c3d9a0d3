import { redirect } from "react-router";
import { destroySession, signedOutCookie } from "~/auth/session.server";
import type { Route } from "./+types/logout";

/** POST /logout: ends this session (the row is deleted); the reader lands on /auth. */
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers([
    ["Set-Cookie", await destroySession(request)],
    ["Set-Cookie", signedOutCookie()],
  ]);
  return redirect("/auth", { headers });
}

export function loader() {
  return redirect("/");
}
