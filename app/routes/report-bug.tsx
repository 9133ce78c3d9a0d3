import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { limitedReply, publicFormProps, readPublicFormOrLimit } from "~/auth/public-form.server";
import { Field, FormErrors, inputClass, ProtectedFields, PublicFormProvider, useSchemaForm } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { BugReportSchema, SEVERITIES, SEVERITY_LABELS } from "~/errors/bug-report";
import { saveBugReport } from "~/errors/bug-report.server";
import { ERROR_ID_PATTERN } from "~/errors/error-log";
import { FEEDBACK_LIMIT } from "~/feedback/feedback.server";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/redirect";
import type { Route } from "./+types/report-bug";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const errorId = url.searchParams.get("errorId");
  const page = url.searchParams.get("page");
  return {
    sent: url.searchParams.get("sent") === "1",
    errorId: errorId && ERROR_ID_PATTERN.test(errorId) ? errorId : "",
    page: page ? safeRedirectPath(page, "") : "",
    ...(await publicFormProps(request, context)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, limited, giveBack } = await readPublicFormOrLimit(request, context, {
    name: "bug-report",
    rule: FEEDBACK_LIMIT,
  });
  const submission = parseWithZod(form, { schema: BugReportSchema });
  if (limited) return limitedReply(submission, limited);
  if (submission.status !== "success") {
    await giveBack();
    return data(replyToFailure(submission, ["errorId"]), { status: 400 });
  }
  const user = await getOptionalUser(request);
  await saveBugReport(submission.value, request, user?.id ?? null);
  return redirect("/report-bug?sent=1");
}

// A refusal past the limit keeps its Retry-After (docs/decisions/056).
export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Report a bug", description: "Tell us what went wrong, so we can fix it." });

function BugForm({
  errorId,
  page,
  lastResult,
}: {
  errorId: string;
  page: string;
  lastResult?: Route.ComponentProps["actionData"];
}) {
  const [form, fields, refused] = useSchemaForm("bug-report", BugReportSchema, lastResult, {
    validateInBrowser: false,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ProtectedFields honeypot />
      <FormErrors errors={form.errors} {...refused("")} />
      <Field id={fields.whatHappened.id} label="What happened?" errors={fields.whatHappened.errors}>
        <textarea
          {...getTextareaProps(fields.whatHappened)}
          {...refused(fields.whatHappened.name)}
          rows={4}
          className={inputClass}
        />
      </Field>
      <Field id={fields.steps.id} label="Steps to make it happen again" errors={fields.steps.errors}>
        <textarea {...getTextareaProps(fields.steps)} {...refused(fields.steps.name)} rows={3} className={inputClass} />
      </Field>
      <Field id={fields.expected.id} label="What did you expect?" errors={fields.expected.errors}>
        <textarea
          {...getTextareaProps(fields.expected)}
          {...refused(fields.expected.name)}
          rows={2}
          className={inputClass}
        />
      </Field>
      <Field id={fields.page.id} label="Page" errors={fields.page.errors}>
        <input
          {...getInputProps(fields.page, { type: "text" })}
          {...refused(fields.page.name)}
          defaultValue={fields.page.initialValue ?? page}
          className={inputClass}
        />
      </Field>
      <Field id={fields.severity.id} label="How bad is it?" errors={fields.severity.errors}>
        <select
          {...getSelectProps(fields.severity)}
          {...refused(fields.severity.name)}
          defaultValue={fields.severity.initialValue ?? "medium"}
          className={inputClass}
        >
          {SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {SEVERITY_LABELS[s]}
            </option>
          ))}
        </select>
      </Field>
      {errorId ? <input type="hidden" name="errorId" value={errorId} /> : null}
      {errorId ? <p className="text-sm text-muted">Error id: {errorId}</p> : null}
      <button type="submit" className="btn btn-primary">
        Send the report
      </button>
    </Form>
  );
}

export default function ReportBug({ loaderData, actionData }: Route.ComponentProps) {
  const { sent, errorId, page, csrf } = loaderData;
  return (
    <PublicFormProvider csrf={csrf} honeypot={loaderData.honeypot}>
      <div className="mx-auto max-w-xl">
        {sent ? (
          <div role="status" className="text-center">
            <PageTitle>Thank you</PageTitle>
            <p className="mt-3 text-muted">Your bug report has reached us. We will look into it.</p>
            <Link to="/" className="btn btn-primary mt-6">
              Back to the stories
            </Link>
          </div>
        ) : (
          <>
            <PageTitle>Report a bug</PageTitle>
            <div className="mt-6 rounded-lg border border-line bg-surface p-card">
              <BugForm errorId={errorId} page={page} lastResult={actionData} />
            </div>
          </>
        )}
      </div>
    </PublicFormProvider>
  );
}
