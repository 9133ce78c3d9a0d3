import { data, Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { requireUser } from "~/auth/auth.server";
import { PageTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { allowedActions, isEditable, STATUS_LABELS } from "~/stories/state";
import { StoryError, storyForEdit, storyFormOptions } from "~/stories/stories.server";
import { StoryEditor } from "~/stories/story-editor";
import { handleStoryForm, storyIdParam } from "~/stories/story-form.server";
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
  return handleStoryForm(request, context, user, id);
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: args.loaderData ? `Edit: ${args.loaderData.story.values.title}` : "Edit a story" });

export default function EditStory({ loaderData, actionData }: Route.ComponentProps) {
  const { story, categories, tags } = loaderData;
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
            lastResult={actionData}
            preview={{ shown: actionData && "preview" in actionData ? actionData.preview : null }}
            categories={categories}
            tags={tags}
          />
        </div>
      ) : null}
      {story.status === "rejected" ? (
        // A rejected story is final (docs/decisions/014): it cannot go back to review, only go.
        // The button sits behind a disclosure: one stray press must not delete a story.
        <details className="mt-6">
          <summary className="btn">Delete this story</summary>
          <Form method="post" className="mt-3 space-y-2">
            <AuthenticityTokenInput name="csrf" />
            <p>A rejected story cannot be submitted again. Deleting it removes it and the reason for good.</p>
            <button type="submit" name="intent" value="delete" className="btn">
              Delete it for good
            </button>
          </Form>
        </details>
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
    </div>
  );
}
