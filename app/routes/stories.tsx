import { Pagination } from "~/components/pagination";
import { StoryCard } from "~/components/story-card";
import { listOwnPosts } from "~/content/own-posts.server";
import { routeMeta } from "~/utils/meta";
import { pageParam } from "~/utils/params";
import type { Route } from "./+types/stories";

export async function loader({ request }: Route.LoaderArgs) {
  const page = pageParam(new URL(request.url));
  const result = await listOwnPosts({ page });
  return { ...result, page };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Story Index", description: "Every story on Horror Stories, newest first." });

export default function Stories({ loaderData }: Route.ComponentProps) {
  const { posts, total, page, totalPages } = loaderData;
  return (
    <div>
      <h1 className="font-serif text-4xl font-bold">Story Index</h1>
      <p className="mt-2 text-muted">
        {total} {total === 1 ? "story" : "stories"}
      </p>
      <div className="mt-6 grid gap-4">
        {posts.map((post) => (
          <StoryCard key={post.slug} post={post} />
        ))}
      </div>
      <Pagination page={page} totalPages={totalPages} basePath="/stories" />
    </div>
  );
}
