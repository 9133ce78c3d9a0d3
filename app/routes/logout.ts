import { redirect } from "react-router";
import { signOutHeaders } from "~/auth/session.server";
import type { Route } from "./+types/logout";

/** POST /logout: ends this session (the row is deleted); the reader lands on /auth. */
export async function action({ request }: Route.ActionArgs) {
  return redirect("/auth", { headers: await signOutHeaders(request) });
}

export function loader() {
  return redirect("/");
}
