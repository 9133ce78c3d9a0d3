import { getApiPost } from "~/content/api-posts.server";
import { isSlug } from "~/utils/slug";
import type { Route } from "./+types/post";

/** GET /api/posts/{slug}: the post, or 404 with a message. */
export async function loader({ params }: Route.LoaderArgs) {
  const post = isSlug(params.slug) ? await getApiPost(params.slug) : null;
  if (!post) return Response.json({ message: "No post has this slug." }, { status: 404 });
  return Response.json(post, { headers: { "Cache-Control": "public, max-age=60" } });
}
