import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { limitedReply } from "~/auth/public-form.server";
import { permalink, quotablePost, requireCommunityOpen } from "~/community/discussion.server";
import { PostItem } from "~/community/discussion-ui";
import { SendOrGoBack } from "~/community/form-actions";
import { accountLimit, readCommunityForm, writerProps } from "~/community/forms.server";
import { ReportError, reportPost } from "~/community/reports.server";
import { REPORT_REASONS, ReportSchema } from "~/community/schemas";
import { TEXT_LIMITS } from "~/community/text";
import { Field, FormErrors, inputClass, ProtectedFields, PublicFormProvider, useSchemaForm } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { prisma } from "~/db.server";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { invariantResponse, keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/report";

async function reportablePost(raw: string | null) {
  invariantResponse(raw && /^\d{1,9}$/.test(raw), "Choose a post to report.", { status: 404 });
  const where = await prisma.discussionPost.findUnique({
    where: { id: Number(raw) },
    select: { threadId: true, storyId: true },
  });
  const post = where
    ? await quotablePost(
        Number(raw),
        where.threadId !== null ? { threadId: where.threadId } : { storyId: where.storyId ?? 0 },
      )
    : null;
  invariantResponse(post, "There is no post to report at this address: it may have been removed already.", {
    status: 404,
  });
  return post;
}

/** /community/report?post={id}: the reason form for one post or comment (signed-in readers). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCommunityOpen();
  const user = await requireUser(request);
  const post = await reportablePost(new URL(request.url).searchParams.get("post"));
  const writer = await writerProps(request, context, user);
  return data({ post, writer: writer as NonNullable<typeof writer> }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCommunityOpen();
  const user = await requireUser(request);
  const { form, limited, giveBack } = await readCommunityForm(request, context, "report");
  const submission = parseWithZod(form, { schema: ReportSchema });
  if (limited) return limitedReply(submission, limited);
  if (submission.status !== "success") {
    await giveBack();
    return data(replyToFailure(submission, ["postId"]), { status: 400 });
  }
  const overLimit = await accountLimit(user, "report");
  if (overLimit) return limitedReply(submission, overLimit);
  try {
    await reportPost(user, submission.value);
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    if (error.status === 404) throw data({ message: error.message }, { status: 404 });
    return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
  }
  const back = (await permalink(submission.value.postId)) ?? "/community";
  return redirectWithToast(back, {
    title: "Report sent",
    description: "Thank you. A moderator will look at it.",
    variant: "success",
  });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Report a post" });

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { post, writer } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [form, fields, refused] = useSchemaForm("report-form", ReportSchema, actionData, { validateInBrowser: false });
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle>Report a post</PageTitle>
      <p>
        Tell the moderators what is wrong with this post. They read every report; the writer is not told who sent it.
      </p>
      <PostItem post={post} quoteHref={null} signedIn={false} />
      <PublicFormProvider csrf={writer.csrf} honeypot={writer.honeypot}>
        <Form method="post" action={`/community/report?post=${post.id}`} {...getFormProps(form)} className="space-y-4">
          <ProtectedFields honeypot />
          <input type="hidden" name="postId" value={post.id} />
          <FormErrors errors={form.errors} {...refused("")} />
          <fieldset aria-describedby={fields.reason.errors?.length ? `${fields.reason.id}-error` : undefined}>
            <legend className="font-semibold">Reason</legend>
            {Object.entries(REPORT_REASONS).map(([value, label], index) => (
              <label key={value} className="mt-2 flex items-center gap-2">
                <input
                  {...(index === 0 ? refused(fields.reason.name) : {})}
                  type="radio"
                  name={fields.reason.name}
                  value={value}
                  defaultChecked={fields.reason.initialValue === value}
                  className="size-5 shrink-0"
                />
                {label}
              </label>
            ))}
            {fields.reason.errors?.length ? (
              <p id={`${fields.reason.id}-error`} className="text-sm font-semibold text-accent" role="alert">
                {fields.reason.errors.join(" ")}
              </p>
            ) : null}
          </fieldset>
          <Field
            id={fields.details.id}
            label="Details (optional)"
            errors={fields.details.errors}
            hint={`Up to ${TEXT_LIMITS.reportDetails.max} characters.`}
          >
            <textarea
              {...getTextareaProps(fields.details)}
              {...refused(fields.details.name)}
              rows={4}
              className={inputClass}
            />
          </Field>
          <div className="flex flex-wrap items-center gap-4">
            <SendOrGoBack busy={busy} label="Send report" busyLabel="Sending..." back={post.href ?? "/community"} />
          </div>
        </Form>
      </PublicFormProvider>
    </div>
  );
}
