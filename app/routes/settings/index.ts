import { redirect } from "react-router";

/** /settings itself opens the profile page (signed-out readers are sent on to sign in from there). */
export function loader() {
  return redirect("/settings/profile");
}
