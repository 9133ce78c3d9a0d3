import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { publicFormProps, readPublicFormOrLimit } from "~/auth/public-form.server";
import { RATE_LIMITS } from "~/auth/rate-limit.server";
import { isResetTokenUsable, resetPassword, sendResetMailAfterAnswer } from "~/auth/reset.server";
import { NEW_PASSWORD_MIN, RESET_TOKEN_PATTERN, ResetPasswordSchema, ResetRequestSchema } from "~/auth/validation";
import {
  Field,
  FormErrors,
  inputClass,
  NewPasswordField,
  ProtectedFields,
  PublicFormProvider,
  useSchemaForm,
} from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { env } from "~/env.server";
import { siteMailer } from "~/site/site-mailer.server";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/reset-password";

export const SENT_MESSAGE =
  "If an account uses that address, we have sent it a link to reset the password. The link works once, for one hour.";

/** Production without SMTP_URL (see app/site/mail.server.ts): no reset link can reach the reader. */
export const RESET_MAIL_DISABLED_MESSAGE = "Password reset by email is not available on this site.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const tokenState =
    token === null
      ? "none"
      : RESET_TOKEN_PATTERN.test(token) && (await isResetTokenUsable(token))
        ? "valid"
        : "invalid";
  return {
    token: tokenState === "valid" ? token : null,
    tokenState,
    sent: url.searchParams.get("sent") === "1",
    resetByMail: siteMailer.delivery !== "off",
    contactEmail: env.CONTACT_EMAIL,
    ...(await publicFormProps(request, context)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, limited, giveBack } = await readPublicFormOrLimit(request, context, {
    name: "reset",
    rule: RATE_LIMITS.reset,
  });
  if (form.get("intent") === "reset") {
    const submission = parseWithZod(form, { schema: ResetPasswordSchema });
    if (limited) {
      const hideFields = ["password", "confirm"];
      return data(
        { intent: "reset", result: submission.reply({ formErrors: [limited.message], hideFields }) },
        limited.init,
      );
    }
    if (submission.status !== "success") {
      await giveBack();
      return data(
        { intent: "reset", result: replyToFailure(submission, ["token"], { hideFields: ["password", "confirm"] }) },
        { status: 400 },
      );
    }
    if (!(await resetPassword(submission.value.token, submission.value.password))) {
      return data(
        {
          intent: "reset",
          result: submission.reply({
            formErrors: ["This reset link has expired or was already used. Ask for a new one."],
          }),
        },
        { status: 400 },
      );
    }
    return redirect("/auth?reset=1");
  }
  const submission = parseWithZod(form, { schema: ResetRequestSchema });
  if (limited)
    return data({ intent: "request", result: submission.reply({ formErrors: [limited.message] }) }, limited.init);
  if (submission.status !== "success") {
    await giveBack();
    return data({ intent: "request", result: submission.reply() }, { status: 400 });
  }
  // The page says why instead of the form: nothing is sent, and no link is made.
  if (siteMailer.delivery === "off") return redirect("/reset-password");
  // The answer waits for neither the lookup nor the mail: the same redirect at once, whether or not
  // an account uses the address and whether or not the mail server answers. A 500, or a wait for a
  // mail server that is slow or down, would tell a stranger which addresses have accounts.
  sendResetMailAfterAnswer(submission.value.email, env.SITE_URL);
  return redirect("/reset-password?sent=1");
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Reset your password" });

function RequestForm({ lastResult }: { lastResult?: Route.ComponentProps["actionData"] }) {
  const [form, fields, refused] = useSchemaForm(
    "reset-request",
    ResetRequestSchema,
    lastResult?.intent === "request" ? lastResult.result : undefined,
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ProtectedFields honeypot />
      <input type="hidden" name="intent" value="request" />
      <FormErrors errors={form.errors} {...refused("")} />
      <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          {...refused(fields.email.name)}
          autoComplete="email"
          className={inputClass}
        />
      </Field>
      <button type="submit" className="btn btn-primary">
        Send me a reset link
      </button>
    </Form>
  );
}

function NewPasswordForm({ token, lastResult }: { token: string; lastResult?: Route.ComponentProps["actionData"] }) {
  const [form, fields, refused] = useSchemaForm(
    "reset-password",
    ResetPasswordSchema,
    lastResult?.intent === "reset" ? lastResult.result : undefined,
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ProtectedFields honeypot />
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="token" value={token} />
      <FormErrors errors={form.errors} {...refused("")} />
      <NewPasswordField
        field={fields.password}
        {...refused(fields.password.name)}
        label="New password"
        hint={`At least ${NEW_PASSWORD_MIN} characters.`}
      />
      <Field id={fields.confirm.id} label="Repeat the new password" errors={fields.confirm.errors}>
        <input
          {...getInputProps(fields.confirm, { type: "password" })}
          {...refused(fields.confirm.name)}
          autoComplete="new-password"
          className={inputClass}
        />
      </Field>
      <button type="submit" className="btn btn-primary">
        Set the new password
      </button>
    </Form>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, tokenState, sent, csrf, resetByMail, contactEmail } = loaderData;
  return (
    <PublicFormProvider csrf={csrf} honeypot={loaderData.honeypot}>
      <div className="mx-auto max-w-md">
        <PageTitle>Reset your password</PageTitle>
        <div className="mt-6 space-y-4 rounded-lg border border-line bg-surface p-card">
          {sent ? <p role="status">{SENT_MESSAGE}</p> : null}
          {tokenState === "invalid" ? (
            <p role="alert" className="font-semibold text-accent">
              This reset link has expired or was already used. Ask for a new one below.
            </p>
          ) : null}
          {token ? (
            <NewPasswordForm token={token} lastResult={actionData} />
          ) : resetByMail ? (
            <RequestForm lastResult={actionData} />
          ) : (
            <p role="alert" className="font-semibold">
              {RESET_MAIL_DISABLED_MESSAGE} To get back into your account, write to{" "}
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
            </p>
          )}
          <p>
            <Link to="/auth">Back to sign in</Link>
          </p>
        </div>
      </div>
    </PublicFormProvider>
  );
}
