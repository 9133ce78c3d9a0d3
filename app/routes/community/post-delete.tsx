import { data, Form, useNavigation } from "react-router";
import { withdrawOwnPost } from "~/community/discussion.server";
import { PostItem } from "~/community/discussion-ui";
import { SendOrGoBack } from "~/community/form-actions";
import { accountLimit, ownPostOfRequest, readCommunityForm, writerProps } from "~/community/forms.server";
import { WITHDRAWN_NOTICE } from "~/community/text";
import { FormErrors } from "~/components/form-errors";
import { ProtectedFields, PublicFormProvider } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { redirectWithToast } from "~/toasts/toast.server";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/post-delete";

/**
 * /community/posts/{id}/delete: the confirmation before its author deletes a post (no JavaScript
 * needed), then the tombstone a moderator's delete leaves: the text goes, the place stays.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, own } = await ownPostOfRequest(request, params.id);
  const writer = await writerProps(request, context, user);
  return data(
    { post: own.post, place: own.place, writer: writer as NonNullable<typeof writer> },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const {
    id,
    user,
    own: { post },
  } = await ownPostOfRequest(request, params.id);
  // Past a limit the page says the wait; nothing was typed to give back.
  const refused = (await readCommunityForm(request, context, "edit")).limited ?? (await accountLimit(user, "edit"));
  if (refused) return data({ message: refused.message }, refused.init);
  await withdrawOwnPost(user, id);
  return redirectWithToast(post.href ?? "/community", { title: "Post deleted", variant: "success" });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Delete your post" });

export default function DeletePost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, place, writer } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle>Delete your post?</PageTitle>
      <p className="[overflow-wrap:anywhere]">
        {place.kind === "thread" ? `In the thread "${place.title}"` : `A comment on "${place.title}"`}. Its text will be
        gone for good; in its place, and in the replies that quote it, readers will see "{WITHDRAWN_NOTICE}"
        {place.kind === "thread" && place.first ? " The thread and its replies stay." : null}
      </p>
      <PostItem post={post} quoteHref={null} signedIn={false} />
      <PublicFormProvider csrf={writer.csrf} honeypot={writer.honeypot}>
        <Form method="post" className="flex flex-wrap items-center gap-4">
          <ProtectedFields honeypot />
          <FormErrors errors={actionData ? [actionData.message] : undefined} autoFocus tabIndex={-1} />
          <SendOrGoBack
            busy={busy}
            label="Delete post"
            busyLabel="Deleting..."
            back={post.href ?? "/community"}
            backLabel="Keep it"
          />
        </Form>
      </PublicFormProvider>
    </div>
  );
}
