import { StoryCard } from "~/components/story-card";
import { listOwnPosts } from "~/content/own-posts.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/reader";

export async function loader() {
  const { posts } = await listOwnPosts({ perPage: 5 });
  return { posts };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Reader", description: "Pick a story and settle in: the newest tales, ready to read." });

export default function Reader({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="font-serif text-4xl font-bold">Reader</h1>
      <p className="mt-2 text-muted">The newest stories, ready to read.</p>
      <div className="mt-6 grid gap-4">
        {loaderData.posts.map((post) => (
          <StoryCard key={post.slug} post={post} />
        ))}
      </div>
    </div>
  );
}
