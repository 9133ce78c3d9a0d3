// The comments under a community story: the list, then the form (signed-in
// readers) or a sign-in link. Data from loadStoryComments() (story-comments.server.ts).
import type { SubmissionResult } from "@conform-to/react";
import { SectionTitle } from "~/components/page-title";
import { communityStoryCommentsPath } from "~/utils/story-paths";
import { PostList, ReplyForm, replyFormKey, SignInToWrite } from "./discussion-ui";
import type { StoryCommentsData } from "./story-comments.server";

export const COMMENTS_HEADING_ID = "comments";

export function StoryComments({
  data,
  lastResult,
}: {
  data: StoryCommentsData;
  /** The action's answer when a comment was refused (the page that posts to itself passes its actionData). */
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { slug, comments, writer, quote, redirectTo } = data;
  const count = comments.length;
  return (
    <section aria-labelledby={COMMENTS_HEADING_ID} className="mt-12 space-y-6">
      <SectionTitle id={COMMENTS_HEADING_ID}>Comments {count ? `(${count})` : ""}</SectionTitle>
      {count ? (
        <PostList
          posts={comments}
          label="Comments"
          signedIn={writer !== null}
          quoteHref={(id) => `${redirectTo}?quote=${id}#comment-form`}
        />
      ) : (
        <p className="text-muted">No comments yet. Be the first to say what it did to you.</p>
      )}
      <div id="comment-form">
        {writer ? (
          <>
            <h3 className="mb-3 font-serif text-xl font-bold">Add a comment</h3>
            <ReplyForm
              key={replyFormKey(comments)}
              id={`comment-${slug}`}
              action={communityStoryCommentsPath(slug)}
              redirectTo={redirectTo}
              writer={writer}
              quote={quote}
              lastResult={lastResult}
              label="Your comment"
              submitLabel="Post comment"
            />
          </>
        ) : (
          <SignInToWrite back={`${redirectTo}#comment-form`} what="comment" />
        )}
      </div>
    </section>
  );
}
