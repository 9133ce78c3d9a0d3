import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { limitedReply, readPublicFormOrLimit } from "~/auth/public-form.server";
import {
  Field,
  FormErrors,
  inputClass,
  ProtectedFields,
  PublicFormProvider,
  type Refused,
  useSchemaForm,
} from "~/components/forms";
import { InfoPage } from "~/components/info-page";
import { SectionTitle } from "~/components/page-title";
import { ACCURACY_STATEMENT, CLAIM_SENT, CopyrightClaimSchema, GOOD_FAITH_STATEMENT } from "~/messages/messages";
import { CONTACT_LIMIT, messagePageData, saveCopyrightClaim } from "~/messages/messages.server";
import { type Sender, SenderFields } from "~/messages/sender-fields";
import { redirectWithToast } from "~/toasts/toast.server";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/copyright";

export function loader({ request, context }: Route.LoaderArgs) {
  return messagePageData(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, limited, giveBack } = await readPublicFormOrLimit(request, context, {
    name: "copyright",
    rule: CONTACT_LIMIT,
  });
  const submission = parseWithZod(form, { schema: CopyrightClaimSchema });
  if (limited) return limitedReply(submission, limited);
  if (submission.status !== "success") {
    await giveBack();
    return data(submission.reply(), { status: 400 });
  }
  const user = await getOptionalUser(request);
  await saveCopyrightClaim(submission.value, user?.id ?? null);
  return redirectWithToast("/legal/copyright?sent=1#claim", { ...CLAIM_SENT, variant: "success" });
}

// A refusal past the limit keeps its Retry-After (docs/decisions/056).
export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Copyright Policy", description: "Authors own their stories. How to report copying." });

function Statement({
  field,
  text,
  refused,
}: {
  field: Parameters<typeof getInputProps>[0];
  text: string;
  refused: Refused;
}) {
  const errorId = `${field.id}-error`;
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          {...refused(field.name)}
          aria-describedby={field.errors?.length ? errorId : undefined}
          className="mt-1 size-5 shrink-0"
        />
        {/* Beside its box, a long word of the largest text breaks rather than run off a phone's screen. */}
        <label htmlFor={field.id} className="min-w-0 wrap-anywhere">
          {text}
        </label>
      </div>
      {field.errors?.length ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-accent">
          {field.errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

function ClaimForm({ sender, lastResult }: { sender: Sender; lastResult?: Route.ComponentProps["actionData"] }) {
  const busy = useNavigation().formAction === "/legal/copyright";
  const [form, fields, refused] = useSchemaForm("copyright-claim", CopyrightClaimSchema, lastResult, {
    validateInBrowser: false,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ProtectedFields honeypot />
      <FormErrors errors={form.errors} {...refused("")} />
      <SenderFields fields={fields} sender={sender} refused={refused} />
      <Field
        id={fields.work.id}
        label="The work that was copied"
        hint="Its title, where it was first published, and who wrote it."
        errors={fields.work.errors}
      >
        <textarea {...getTextareaProps(fields.work)} {...refused(fields.work.name)} rows={4} className={inputClass} />
      </Field>
      <Field
        id={fields.location.id}
        label="Where the copy is"
        hint="The address of the copy, on this site or elsewhere."
        errors={fields.location.errors}
      >
        <input
          {...getInputProps(fields.location, { type: "text" })}
          {...refused(fields.location.name)}
          className={inputClass}
        />
      </Field>
      <Field id={fields.details.id} label="Anything else we should know (optional)" errors={fields.details.errors}>
        <textarea
          {...getTextareaProps(fields.details)}
          {...refused(fields.details.name)}
          rows={3}
          className={inputClass}
        />
      </Field>
      <Statement field={fields.goodFaith} text={GOOD_FAITH_STATEMENT} refused={refused} />
      <Statement field={fields.accurate} text={ACCURACY_STATEMENT} refused={refused} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Sending..." : "Send the claim"}
      </button>
    </Form>
  );
}

export default function Copyright({ loaderData, actionData }: Route.ComponentProps) {
  const { contactEmail: email, sent, sender, csrf, honeypot } = loaderData;
  return (
    <InfoPage title="Copyright Policy">
      <p>
        Every story on Horror Stories belongs to its author. Publishing here gives us permission to show the story on
        this site; it gives nobody else any right to it.
      </p>
      <p>
        Copying a story, in whole or in part, reposting it elsewhere, translating it for sale or passing it off as your
        own is not allowed without the author's written permission.
      </p>
      <SectionTitle>Reporting a copyright problem</SectionTitle>
      <p>
        If you believe your work has been copied here, or a story here has been copied elsewhere, use the form below or
        write to <a href={`mailto:${email}`}>{email}</a>. A claim must include:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>a description of the work you say was copied;</li>
        <li>where the copy is (its address on this site or elsewhere);</li>
        <li>your contact information;</li>
        <li>a statement that you believe in good faith the use is not authorised;</li>
        <li>a statement that the information in your claim is accurate.</li>
      </ul>
      <p>We answer every complete claim and remove copied work while we look into it.</p>
      {sent ? (
        <div id="claim" role="status" className="rounded-lg border border-line bg-surface p-card">
          <SectionTitle inCard>Your claim has reached us</SectionTitle>
          <p className="mt-2 text-muted">We will look into it and answer you by email.</p>
          <Link to="/legal/copyright#claim" className="btn mt-4">
            File another claim
          </Link>
        </div>
      ) : (
        <section
          id="claim"
          aria-labelledby="claim-form-title"
          className="rounded-lg border border-line bg-surface p-card text-base"
        >
          <SectionTitle id="claim-form-title" inCard className="mb-4">
            File a copyright claim
          </SectionTitle>
          <PublicFormProvider csrf={csrf} honeypot={honeypot}>
            <ClaimForm sender={sender} lastResult={actionData} />
          </PublicFormProvider>
        </section>
      )}
    </InfoPage>
  );
}
