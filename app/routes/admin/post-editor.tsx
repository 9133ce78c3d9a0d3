// /admin/posts/new and /admin/posts/{id}: the story editor writers use
// (app/stories/story-editor.tsx), with a publish date and "Publish" instead of
// "Submit for review"; an existing post also has its delete form, confirmed by
// a checkbox (works without JavaScript).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminPostSchema, DeletePostSchema, POST_MESSAGES, postIdParam } from "~/admin/post-form";
import { createOwnPost, deleteOwnPost, ownPostForm, PostError, updateOwnPost } from "~/admin/posts.server";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { Field, FormErrors, inputClass } from "~/components/forms";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { storyFormOptions } from "~/stories/stories.server";
import { StoryEditor } from "~/stories/story-editor";
import { EMPTY_STORY, STORY_LIMITS } from "~/stories/story-form";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/post-editor";

function notFound(error: unknown): never {
  if (error instanceof PostError) throw data({ message: error.message }, { status: error.status });
  throw error;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = postIdParam(params.postId);
  await requireAdmin(request);
  const [post, options] = await Promise.all([id === null ? null : ownPostForm(id).catch(notFound), storyFormOptions()]);
  return data({ post, ...options }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = postIdParam(params.postId);
  const admin = await requireAdmin(request);
  const form = await readPostedForm(request, context);
  if (form.get("intent") === "delete") {
    if (id === null) throw data({ message: "There is no post to delete yet." }, { status: 404 });
    const submission = parseWithZod(form, { schema: DeletePostSchema });
    if (submission.status !== "success") return data({ deleteError: POST_MESSAGES.confirmDelete }, { status: 400 });
    const deleted = await deleteOwnPost(admin, id).catch(notFound);
    return redirectWithToast("/admin/posts", { title: "Post deleted", description: deleted.title, variant: "success" });
  }
  const submission = parseWithZod(form, { schema: AdminPostSchema });
  // "intent" is the button pressed: an error there is one the admin cannot see, so it is said on top.
  if (submission.status !== "success") return data({ result: replyToFailure(submission, ["intent"]) }, { status: 400 });
  try {
    const saved =
      id === null ? await createOwnPost(admin, submission.value) : await updateOwnPost(admin, id, submission.value);
    const titles = { published: "Post published", scheduled: "Post scheduled", draft: "Draft saved" } as const;
    return redirectWithToast(`/admin/posts/${saved.id}`, {
      title: titles[saved.state],
      description: submission.value.title,
      variant: "success",
    });
  } catch (error) {
    if (!(error instanceof PostError)) throw error;
    if (error.status === 404) throw data({ message: error.message }, { status: 404 });
    return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: args.loaderData?.post ? `Edit: ${args.loaderData.post.values.title}` : "New post" });

const STATE_TEXT = {
  published: "Published: readers see it.",
  scheduled: "Scheduled: readers see it from its publish date.",
  draft: "Draft: readers do not see it.",
} as const;

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories, tags } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const deleteError = actionData && "deleteError" in actionData ? actionData.deleteError : undefined;
  const publishAtErrors = result?.error?.publishAt ?? undefined;
  const submittedPublishAt = result?.initialValue?.publishAt;
  const action = post ? `/admin/posts/${post.id}` : "/admin/posts/new";
  return (
    <div>
      <p>
        <Link to="/admin/posts">All own posts</Link>
      </p>
      <PageTitle className="mt-2">{post ? `Edit: ${post.values.title}` : "New post"}</PageTitle>
      {post ? (
        <p className="mt-2 text-muted">
          {STATE_TEXT[post.state]}{" "}
          {post.state === "published" ? <Link to={`/story/${post.slug}`}>Read it on the site</Link> : null}
        </p>
      ) : null}
      <div className="mt-6">
        <StoryEditor
          action={action}
          storyId={post?.id ?? null}
          values={post?.values ?? EMPTY_STORY}
          lastResult={result}
          categories={categories}
          tags={tags}
          canSubmit
          agreement={false}
          autosave={false}
          submit={{ intent: "publish", label: "Publish" }}
          newTags={{
            label: "New tags",
            hint: `Comma-separated; they are created when the post is saved. At most ${STORY_LIMITS.tagsMax} tags in all.`,
          }}
        >
          <Field
            id="publishAt"
            label="Publish date (UTC)"
            errors={Array.isArray(publishAtErrors) ? publishAtErrors : undefined}
            hint="Empty: now, when you press Publish. A date in the future keeps the post hidden from readers until then."
          >
            <input
              id="publishAt"
              name="publishAt"
              type="datetime-local"
              aria-describedby={publishAtErrors?.length ? "publishAt-hint publishAt-error" : "publishAt-hint"}
              defaultValue={
                typeof submittedPublishAt === "string" ? submittedPublishAt : (post?.values.publishAt ?? "")
              }
              className={inputClass}
            />
          </Field>
        </StoryEditor>
      </div>
      {post ? (
        <section aria-labelledby="delete-title" className="mt-10 rounded-lg border border-line p-4">
          <SectionTitle id="delete-title">Delete this post</SectionTitle>
          <Form method="post" action={action} className="mt-3 space-y-3">
            <AuthenticityTokenInput name="csrf" />
            <FormErrors errors={deleteError ? [deleteError] : undefined} />
            <label className="flex items-center gap-2">
              <input type="checkbox" name="confirm" className="size-5 shrink-0" />
              Yes, delete "{post.values.title}" for good
            </label>
            <button type="submit" name="intent" value="delete" className="btn" disabled={busy}>
              Delete post
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
