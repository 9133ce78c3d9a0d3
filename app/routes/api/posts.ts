import { z } from "zod";
import { listApiPosts } from "~/content/api-posts.server";
import { MAX_PAGE_NUMBER, PageNumberSchema } from "~/utils/params";
import type { Route } from "./+types/posts";

/** The most posts one answer carries. */
const MAX_LIMIT = 100;

const QuerySchema = z.object({
  page: PageNumberSchema.default(1),
  limit: PageNumberSchema.pipe(z.number().max(MAX_LIMIT)).default(10),
});

/** GET /api/posts?page&limit: { posts, hasMore }. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = QuerySchema.safeParse({
    page: url.searchParams.get("page") || undefined,
    limit: url.searchParams.get("limit") || undefined,
  });
  if (!query.success) {
    return Response.json(
      { message: `page must be a whole number from 1 to ${MAX_PAGE_NUMBER} and limit from 1 to ${MAX_LIMIT}.` },
      { status: 400 },
    );
  }
  const result = await listApiPosts(query.data.page, query.data.limit);
  return Response.json(result, { headers: { "Cache-Control": "public, max-age=30" } });
}
