import { data, Link } from "react-router";
import { StoryComments } from "~/community/story-comments";
import { loadStoryComments, requireCommunityStory, storyCommentsAction } from "~/community/story-comments.server";
import { PageTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS, publicPageHeaders } from "~/site/cache-policy";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { communityStoryCommentsPath } from "~/utils/story-paths";
import type { Route } from "./+types/story-comments";

/**
 * /community-story/{slug}/comments: a community story's comments on a page of
 * their own. The story page shows the same <StoryComments>; its form posts
 * here, and a refused comment comes back on this page with what was typed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const story = await requireCommunityStory(params.slug);
  const comments = await loadStoryComments({
    request,
    context,
    story,
    pagePath: communityStoryCommentsPath(story.slug),
  });
  return data(
    { story: { slug: story.slug, title: story.title }, comments },
    { headers: comments.writer ? PRIVATE_PAGE_HEADERS : publicPageHeaders(request) },
  );
}

export function action({ request, context, params }: Route.ActionArgs) {
  return storyCommentsAction({ request, context, slug: params.slug });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: args.loaderData ? `Comments on ${args.loaderData.story.title}` : "Comments" });

export default function StoryCommentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { story, comments } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/community" className="underline">
          Community
        </Link>
      </nav>
      <PageTitle className="mt-4 [overflow-wrap:anywhere]">Comments on {story.title}</PageTitle>
      <p className="mt-2">
        <Link to={`/community-story/${story.slug}`} className="underline">
          Read the story
        </Link>
      </p>
      <StoryComments data={comments} lastResult={actionData} />
    </div>
  );
}
