import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { limitedReply } from "~/auth/public-form.server";
import { editOwnPost } from "~/community/discussion.server";
import { SendOrGoBack } from "~/community/form-actions";
import { accountLimit, ownPostOfRequest, readCommunityForm, writerProps } from "~/community/forms.server";
import { EditSchema } from "~/community/schemas";
import { TEXT_LIMITS } from "~/community/text";
import { Field, FormErrors, inputClass, ProtectedFields, PublicFormProvider, useSchemaForm } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/post-edit";

/**
 * /community/posts/{id}/edit: its author changes a post's text (a thread's opening post, a reply
 * or a story comment), with the same limits as writing it. The thread's title stays as it is.
 * Anyone else, and a post a moderator removed, get the 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, own } = await ownPostOfRequest(request, params.id);
  const writer = await writerProps(request, context, user);
  return data({ ...own, writer: writer as NonNullable<typeof writer> }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // Whose post it is comes first: another reader's request uses up none of their limits.
  const {
    id,
    user,
    own: { post, body },
  } = await ownPostOfRequest(request, params.id);
  const { form, limited, giveBack } = await readCommunityForm(request, context, "edit");
  const submission = parseWithZod(form, { schema: EditSchema });
  if (limited) return limitedReply(submission, limited);
  if (submission.status !== "success") {
    await giveBack();
    return data(replyToFailure(submission, []), { status: 400 });
  }
  // Saved as it was: nothing to mark "Edited".
  if (submission.value.body === body) {
    return redirectWithToast(post.href ?? "/community", { title: "Nothing changed", variant: "success" });
  }
  const overLimit = await accountLimit(user, "edit");
  if (overLimit) return limitedReply(submission, overLimit);
  await editOwnPost(user, id, submission.value.body);
  return redirectWithToast(post.href ?? "/community", { title: "Post updated", variant: "success" });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Edit your post" });

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, body, place, writer } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [form, fields, refused] = useSchemaForm("edit-post", EditSchema, actionData ?? undefined, {
    validateInBrowser: false,
  });
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle>Edit your post</PageTitle>
      <p className="[overflow-wrap:anywhere]">
        {place.kind === "thread" ? (
          <>
            In the thread <Link to={post.href ?? "/community"}>{place.title}</Link>.
            {place.first ? " The thread's title stays as it is: only the text of your post changes." : null}
          </>
        ) : (
          <>
            A comment on <Link to={post.href ?? "/community"}>{place.title}</Link>.
          </>
        )}{" "}
        The post will show when it was edited.
      </p>
      <PublicFormProvider csrf={writer.csrf} honeypot={writer.honeypot}>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <ProtectedFields honeypot />
          <FormErrors errors={form.errors} {...refused("")} />
          <Field
            id={fields.body.id}
            label="Your post"
            errors={fields.body.errors}
            hint={`Plain text, up to ${TEXT_LIMITS.body.max} characters. Links work; start lines with > to quote.`}
          >
            {/* Filled with the post as it is; after a refused edit, with what was typed. */}
            <textarea
              {...getTextareaProps(fields.body)}
              {...refused(fields.body.name)}
              defaultValue={fields.body.initialValue ?? body}
              rows={10}
              className={inputClass}
            />
          </Field>
          <div className="flex flex-wrap items-center gap-4">
            <SendOrGoBack busy={busy} label="Save changes" busyLabel="Saving..." back={post.href ?? "/community"} />
          </div>
        </Form>
      </PublicFormProvider>
    </div>
  );
}
