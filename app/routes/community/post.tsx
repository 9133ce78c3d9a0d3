import { redirect } from "react-router";
import { permalink, requireCommunityOpen } from "~/community/discussion.server";
import { idParam } from "~/community/forms.server";
import { invariantResponse } from "~/utils/http";
import type { Route } from "./+types/post";

/** /community/posts/{id}: a post's permanent address, sent on to its thread page (or story) and anchor. */
export async function loader({ params }: Route.LoaderArgs) {
  await requireCommunityOpen();
  const to = await permalink(idParam(params.id, "post"));
  invariantResponse(to, "There is no post at this address.", { status: 404 });
  return redirect(to);
}

/** Never shown (the loader redirects or throws): a component makes a missing post the site's 404 page, not JSON. */
export default function PostLink() {
  return null;
}
