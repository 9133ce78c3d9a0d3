// The comment thread of a community story. The story page
// (/community-story/{slug}) calls loadStoryComments() in its loader and renders
// <StoryComments data={...} /> under the story; the form posts to
// /community-story/{slug}/comments, whose action is storyCommentsAction().
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { getOptionalUser, requireUser } from "~/auth/auth.server";
import { limitedReply } from "~/auth/public-form.server";
import { takenDownResponse, wasTakenDown } from "~/stories/take-down.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { invariantResponse } from "~/utils/http";
import { safeRedirectPath } from "~/utils/redirect";
import { isSlug } from "~/utils/slug";
import { communityStoryPath } from "~/utils/story-paths";
import {
  addComment,
  DiscussionError,
  type DisplayPost,
  findCommunityStory,
  listStoryComments,
  quotablePost,
  requireCommunityOpen,
} from "./discussion.server";
import type { WriterProps } from "./discussion-ui";
import { accountLimit, quoteParam, readCommunityForm, writerProps } from "./forms.server";
import { ReplySchema } from "./schemas";

export type StoryCommentsData = {
  /** The story's slug: the form posts to /community-story/{slug}/comments. */
  slug: string;
  comments: DisplayPost[];
  /** Form props for a signed-in reader; null for anonymous readers (they get a sign-in link). */
  writer: WriterProps;
  /** The comment quoted through ?quote={id}, shown above the form. */
  quote: DisplayPost | null;
  /** Where the form comes back to after posting: the page that shows the comments. */
  redirectTo: string;
};

/**
 * What <StoryComments> needs, for the page at `request` (its ?quote= is read).
 * A page that shows it to a signed-in reader gets a CSRF token cookie: send
 * such pages with Cache-Control: private (publicPageHeaders does when the
 * request has a cookie). `pagePath` is the page the form comes back to.
 */
export async function loadStoryComments({
  request,
  context,
  story,
  pagePath = communityStoryPath(story.slug),
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  story: { id: number; slug: string };
  pagePath?: string;
}): Promise<StoryCommentsData> {
  const user = await getOptionalUser(request);
  const quoteOf = user ? quoteParam(new URL(request.url)) : undefined;
  const [comments, writer, quote] = await Promise.all([
    listStoryComments(story.id, user?.id ?? null),
    writerProps(request, context, user),
    quoteOf ? quotablePost(quoteOf, { storyId: story.id }) : null,
  ]);
  return { slug: story.slug, comments, writer, quote, redirectTo: pagePath };
}

/**
 * The story for a comments URL, or the 404 (also while the community content flag is off), or the
 * 410 of a story taken down after readers could read it (docs/decisions/060).
 */
export async function requireCommunityStory(slug: string | undefined) {
  await requireCommunityOpen();
  invariantResponse(isSlug(slug), "No community story has this address.", { status: 404 });
  const story = await findCommunityStory(slug);
  if (!story && (await wasTakenDown(slug))) throw takenDownResponse();
  invariantResponse(story, "No community story has this address.", { status: 404 });
  return story;
}

/** POST /community-story/{slug}/comments: a signed-in reader's comment, then back to the story's comments. */
export async function storyCommentsAction({
  request,
  context,
  slug,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  slug: string | undefined;
}) {
  const story = await requireCommunityStory(slug);
  const user = await requireUser(request);
  const { form, limited, giveBack } = await readCommunityForm(request, context, "post");
  const submission = parseWithZod(form, { schema: ReplySchema });
  if (limited) return limitedReply(submission, limited);
  if (submission.status !== "success") {
    await giveBack();
    return data(replyToFailure(submission, ["quoteOf"]), { status: 400 });
  }
  const overLimit = await accountLimit(user, "post");
  if (overLimit) return limitedReply(submission, overLimit);
  try {
    const { post } = await addComment(user, story, submission.value);
    const back = safeRedirectPath(form.get("redirectTo"), `/community-story/${story.slug}`)
      .split("#")[0]
      ?.split("?")[0];
    return redirectWithToast(`${back}#post-${post.id}`, { title: "Comment posted", variant: "success" });
  } catch (error) {
    if (error instanceof DiscussionError)
      return data(
        submission.reply(
          error.field === "body" ? { fieldErrors: { body: [error.message] } } : { formErrors: [error.message] },
        ),
        { status: 400 },
      );
    throw error;
  }
}
