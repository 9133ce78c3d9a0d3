import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { limitedReply, publicFormProps, readPublicFormOrLimit } from "~/auth/public-form.server";
import { FormErrors, ProtectedFields, PublicFormProvider, useSchemaForm } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { FEEDBACK_LIMIT, pageFromReferer, saveFeedback } from "~/feedback/feedback.server";
import { FeedbackFields, screenResolution } from "~/feedback/feedback-fields";
import { FEEDBACK_SUCCESS, FeedbackSchema } from "~/feedback/feedback-form";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/redirect";
import type { Route } from "./+types/feedback";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("page");
  return {
    sent: url.searchParams.get("sent") === "1",
    page: fromQuery ? safeRedirectPath(fromQuery, "/") : (pageFromReferer(request) ?? ""),
    ...(await publicFormProps(request, context)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, limited, giveBack } = await readPublicFormOrLimit(request, context, {
    name: "feedback",
    rule: FEEDBACK_LIMIT,
  });
  const submission = parseWithZod(form, { schema: FeedbackSchema });
  if (limited) return limitedReply(submission, limited);
  if (submission.status !== "success") {
    await giveBack();
    return data(replyToFailure(submission, ["page", "screenResolution"]), { status: 400 });
  }
  const user = await getOptionalUser(request);
  await saveFeedback(submission.value, request, user?.id ?? null);
  return redirectWithToast("/feedback?sent=1", { ...FEEDBACK_SUCCESS, variant: "success" });
}

// A refusal past the limit keeps its Retry-After (docs/decisions/056).
export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Feedback",
    description: "Tell us what works, what does not, and what you would like to read.",
  });

function FeedbackForm({ page, lastResult }: { page: string; lastResult?: Route.ComponentProps["actionData"] }) {
  const busy = useNavigation().state === "submitting";
  // The server checks it. With conform's browser check on, a valid post that
  // followed a rejected one sent no request at all (cause not found yet), so
  // this page relies on the server; the dialog checks in the browser.
  const [form, fields, refused] = useSchemaForm("feedback", FeedbackSchema, lastResult, { validateInBrowser: false });
  const resolution = useRef<HTMLInputElement>(null);
  // With JavaScript, the screen size goes along ("width x height", spec §3).
  useEffect(() => {
    if (resolution.current) resolution.current.value = screenResolution();
  }, []);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ProtectedFields honeypot />
      <input type="hidden" name="page" value={page} />
      <FormErrors errors={form.errors} {...refused("")} />
      <FeedbackFields fields={fields} refused={refused} />
      <input {...getInputProps(fields.screenResolution, { type: "hidden" })} ref={resolution} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Submitting..." : "Send feedback"}
      </button>
    </Form>
  );
}

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, page, csrf } = loaderData;
  return (
    <PublicFormProvider csrf={csrf} honeypot={loaderData.honeypot}>
      <div className="mx-auto max-w-xl">
        {sent ? (
          <div role="status" className="text-center">
            <PageTitle>Thank You for Your Feedback!</PageTitle>
            <p className="mt-3 text-muted">We read every message.</p>
            <Link to="/feedback" className="btn btn-primary mt-6">
              Submit Another Feedback
            </Link>
            <p className="mt-4">
              <YourFeedbackLink />
            </p>
          </div>
        ) : (
          <>
            <PageTitle>Feedback</PageTitle>
            <p className="mt-2 text-muted">Tell us what works, what does not, and what you would like to read.</p>
            <p className="mt-2">
              <YourFeedbackLink />
            </p>
            <div className="mt-6 rounded-lg border border-line bg-surface p-card">
              <FeedbackForm page={page} lastResult={actionData} />
            </div>
          </>
        )}
      </div>
    </PublicFormProvider>
  );
}

/** Signed-in readers follow what became of their feedback (anonymous readers are asked to sign in first). */
function YourFeedbackLink() {
  return <Link to="/user/feedback-dashboard">See the feedback you have sent and its status</Link>;
}
