import { data, Link } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { FormErrors } from "~/components/form-errors";
import { PageTitle } from "~/components/page-title";
import { handlePositionForm } from "~/library/library-form.server";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { HIDDEN_FIELD_ERROR } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/reading-position";

/** GET: nothing to show here but the way back (the position forms post here from a story). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return data(null, { headers: PRIVATE_PAGE_HEADERS });
}

/** POST /reading-position: "I stopped here" and "I finished" under a story, without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  return handlePositionForm(request, user, context);
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Reading position" });

export default function ReadingPosition({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle>Reading position</PageTitle>
      {/* Only a tampered or stale form gets here with errors: its fields are all hidden. */}
      {actionData && "error" in actionData ? <FormErrors errors={[HIDDEN_FIELD_ERROR]} /> : null}
      <p className="mt-4">
        Your places are kept with your <Link to="/bookmarks">bookmarks</Link>; <Link to="/reader">Reader</Link> lists
        the stories you are in the middle of.
      </p>
    </div>
  );
}
