import { data, Link } from "react-router";
import { StoryComments } from "~/community/story-comments";
import { loadStoryComments } from "~/community/story-comments.server";
import { StoryArticle } from "~/components/story-article";
import { storyPageData, storyPageHeaders } from "~/library/story-page.server";
import { isCommunityOpen } from "~/site/site-settings.server";
import { getCommunityStory } from "~/stories/community.server";
import { warningsHidingStory } from "~/stories/reader-warnings.server";
import { takenDownResponse, wasTakenDown } from "~/stories/take-down.server";
import { WarningList, WarningNotice } from "~/stories/warning-notice";
import { invariantResponse } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { isSlug } from "~/utils/slug";
import { communityStoryPath } from "~/utils/story-paths";
import type { Route } from "./+types/community-story";

/**
 * A published community story: 404 while the community content flag is off, and for any other slug;
 * 410 for one taken down after readers could read it (docs/decisions/060).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = params.slug;
  invariantResponse(isSlug(slug) && (await isCommunityOpen()), "No story has this address.", { status: 404 });
  const found = await getCommunityStory(slug);
  // Readers could read it and it was taken down: their bookmarks and links learn so (410), not "no story".
  if (!found && (await wasTakenDown(slug))) throw takenDownResponse();
  invariantResponse(found, "No story has this address.", { status: 404 });
  const collapsed = await warningsHidingStory(request, found.warnings);
  const page = await storyPageData(request, found.story, undefined, context);
  // The comments follow the story: a collapsed story shows neither (they may tell what the warning hides).
  const comments = collapsed.length
    ? null
    : await loadStoryComments({ request, context, story: { id: found.story.id, slug } });
  return data(
    {
      ...page,
      // The text of a collapsed story is not sent at all: the notice comes first.
      blocks: collapsed.length ? [] : page.blocks,
      warnings: found.warnings,
      mature: found.mature,
      collapsed,
      comments,
    },
    { headers: storyPageHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.story.title,
    description: args.loaderData?.story.excerpt || undefined,
    type: "article",
  });

export default function CommunityStory({ loaderData }: Route.ComponentProps) {
  const { story, warnings, mature, collapsed } = loaderData;
  const writer = story.community;
  return (
    <StoryArticle
      data={loaderData}
      byline={
        writer ? (
          <>
            {" · "}community story by{" "}
            {writer.profile ? <Link to={writer.profile}>{writer.author}</Link> : writer.author}
          </>
        ) : null
      }
      beforeText={
        <>
          <WarningList warnings={warnings} mature={mature} />
          {collapsed.length ? <WarningNotice warnings={collapsed} pathname={`/community-story/${story.slug}`} /> : null}
        </>
      }
      hideText={collapsed.length > 0}
      path={communityStoryPath(story.slug)}
    >
      {loaderData.comments ? <StoryComments data={loaderData.comments} /> : null}
    </StoryArticle>
  );
}
