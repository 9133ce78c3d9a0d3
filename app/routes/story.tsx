import { data, redirect } from "react-router";
import { StoryArticle } from "~/components/story-article";
import { contentChain } from "~/content/content.server";
import { communitySlugs } from "~/content/own-posts.server";
import { missingStory, storyPageData, storyPageHeaders } from "~/library/story-page.server";
import { invariantResponse } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { isSlug } from "~/utils/slug";
import { communityStoryPath } from "~/utils/story-paths";
import type { Route } from "./+types/story";

/** /story/{slug} and /reader/{slug}: one module, two routes; the canonical URL is /story/{slug}. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = params.slug;
  invariantResponse(isSlug(slug), "No story has this address.", { status: 404 });
  const story = await contentChain.getStory(slug);
  if (!story) throw await missingStory(request, slug);
  // A community story's page is its own: its warnings and comments are there (old links, typed addresses).
  if (story.source === "own" && (await communitySlugs([slug])).has(slug)) {
    throw redirect(`${communityStoryPath(slug)}${new URL(request.url).search}`, {
      status: 301,
      headers: storyPageHeaders(request),
    });
  }
  const page = await storyPageData(request, story, await contentChain.neighbours(story), context);
  return data(page, { headers: storyPageHeaders(request) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(
    { ...args, location: { pathname: `/story/${args.params.slug}`, search: "" } },
    { title: args.loaderData?.story.title, description: args.loaderData?.story.excerpt || undefined, type: "article" },
  );

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  return <StoryArticle data={loaderData} path={`/story/${loaderData.story.slug}`} />;
}
