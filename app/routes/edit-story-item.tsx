import { data, Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { requireUser } from "~/auth/auth.server";
import { ConfirmStep } from "~/components/confirm-step";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { useFocusAfterRefusal } from "~/components/refusal-focus";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { allowedActions, isEditable, STATUS_LABELS } from "~/stories/state";
import { StoryError, storyForEdit, storyFormOptions } from "~/stories/stories.server";
import { StoryEditor } from "~/stories/story-editor";
import { handleStoryForm, handleStoryLifecycle, storyIdParam } from "~/stories/story-form.server";
import { StorySent } from "~/stories/story-sent";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { communityStoryPath } from "~/utils/story-paths";
import type { Route } from "./+types/edit-story-item";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

/** A story that is not the reader's own is a 404 for everyone, admins included (they moderate instead). */
export async function loader({ request, params }: Route.LoaderArgs) {
  // An address that can name no story is a 404 for anyone, before asking who they are.
  const id = storyIdParam(params.id);
  const user = await requireUser(request);
  try {
    const [story, options] = await Promise.all([storyForEdit(user, id), storyFormOptions()]);
    return data({ story, ...options }, { headers: PRIVATE_PAGE_HEADERS });
  } catch (error) {
    if (error instanceof StoryError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = storyIdParam(params.id);
  const user = await requireUser(request);
  return (await handleStoryLifecycle(request, context, user, id)) ?? handleStoryForm(request, context, user, id);
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: args.loaderData ? `Edit: ${args.loaderData.story.values.title}` : "Edit a story" });

/** The delete button's question: what deleting takes away, by whether readers have the story. */
function deleteQuestion({ title, published }: { title: string; published: boolean }) {
  return published
    ? `Delete “${title}” for good? It leaves the site at once with its comments; readers who saved it are told it was taken down.`
    : `Delete “${title}” for good? Its text and its moderation record go with it.`;
}

export default function EditStory({ loaderData, actionData }: Route.ComponentProps) {
  const { story, categories, tags } = loaderData;
  const deleteAsk = actionData && "deleteAsk" in actionData ? actionData.deleteAsk : null;
  const lastResult = actionData && !("deleteAsk" in actionData) ? actionData : undefined;
  // With JavaScript the delete button's question takes focus as its first HTML does (ConfirmStep's autofocus).
  useFocusAfterRefusal();
  // A published story is edited through a revision: its state decides what the form can do.
  const editing = story.revision?.status ?? (story.status === "published" ? "draft" : story.status);
  const editable = isEditable(editing) && editing !== "published";
  const canWithdraw = allowedActions(story.status, "writer").includes("withdraw");
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle>Edit: {story.values.title}</PageTitle>
      <p className="mt-2">
        Status: <span className="font-semibold">{STATUS_LABELS[story.status]}</span>
        {story.slug ? (
          <>
            {" · "}
            <Link to={communityStoryPath(story.slug)}>the published story</Link>
          </>
        ) : null}
        {" · "}
        <Link to="/edit-story">all your stories</Link>
      </p>
      {story.status === "changes" && story.note ? (
        <div role="note" className="mt-4 rounded border border-accent bg-surface p-4">
          <p className="font-semibold">The moderator asks for changes:</p>
          <p className="mt-1">{story.note}</p>
        </div>
      ) : null}
      {story.status === "rejected" && story.note ? (
        <div role="note" className="mt-4 rounded border border-accent bg-surface p-4">
          <p className="font-semibold">This story was rejected. The reason:</p>
          <p className="mt-1">{story.note}</p>
        </div>
      ) : null}
      {story.status === "published" ? (
        <p className="mt-4 rounded border border-line bg-surface p-4">
          {story.revision?.status === "review"
            ? "Your new version is waiting in review; the published version stays online until a moderator approves it."
            : "Editing a published story sends the new version to review; the published version stays online until it is approved."}
          {story.revision?.status === "changes" && story.revision.note
            ? ` The moderator asks: ${story.revision.note}`
            : null}
        </p>
      ) : null}
      {story.status === "review" ? (
        <p className="mt-4 rounded border border-line bg-surface p-4">
          This story is waiting in review. Withdraw it to change it.
        </p>
      ) : null}
      {editable ? null : <StorySent values={story.values} categories={categories} tags={tags} />}
      {editable ? (
        <div className="mt-6 rounded-lg border border-line bg-surface p-card">
          <StoryEditor
            action={`/edit-story/${story.id}`}
            storyId={story.id}
            values={story.values}
            lastResult={lastResult}
            preview={{ shown: lastResult && "preview" in lastResult ? lastResult.preview : null }}
            categories={categories}
            tags={tags}
          />
        </div>
      ) : null}
      {canWithdraw ? (
        <Form method="post" className="mt-6">
          <AuthenticityTokenInput name="csrf" />
          <button type="submit" name="intent" value="withdraw" className="btn">
            Withdraw this story
          </button>
          <span className="ml-2 text-sm text-muted">It stops being public or in review; you can submit it again.</span>
        </Form>
      ) : null}
      <section aria-labelledby="delete-story" className="mt-8 border-t border-line pt-6">
        <SectionTitle id="delete-story">Delete this story</SectionTitle>
        {/* The first press only asks (ConfirmStep): one stray press must not delete a story. */}
        <Form method="post" className="mt-3 space-y-3">
          <AuthenticityTokenInput name="csrf" />
          {deleteAsk ? (
            <ConfirmStep
              question={deleteQuestion(deleteAsk)}
              yes="Yes, delete it"
              name="intent"
              value="delete"
              back={`/edit-story/${story.id}`}
              backLabel="Keep it"
            />
          ) : (
            <>
              <p className="text-muted">
                {story.status === "rejected"
                  ? "A rejected story cannot be submitted again. Deleting it removes it and the reason for good."
                  : canWithdraw
                    ? "Deleting removes the story for good. To take it offline for a while, withdraw it instead."
                    : "Deleting removes the story for good."}
              </p>
              <button type="submit" name="intent" value="delete" className="btn">
                Delete this story
              </button>
            </>
          )}
        </Form>
      </section>
    </div>
  );
}
