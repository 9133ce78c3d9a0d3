import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { limitedReply, readPublicFormOrLimit } from "~/auth/public-form.server";
import { Field, FormErrors, inputClass, ProtectedFields, PublicFormProvider, useSchemaForm } from "~/components/forms";
import { InfoPage } from "~/components/info-page";
import { SectionTitle } from "~/components/page-title";
import { CONTACT_SENT, ContactSchema } from "~/messages/messages";
import { CONTACT_LIMIT, messagePageData, saveContactMessage } from "~/messages/messages.server";
import { type Sender, SenderFields } from "~/messages/sender-fields";
import { redirectWithToast } from "~/toasts/toast.server";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/contact";

export function loader({ request, context }: Route.LoaderArgs) {
  return messagePageData(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, limited, giveBack } = await readPublicFormOrLimit(request, context, {
    name: "contact",
    rule: CONTACT_LIMIT,
  });
  const submission = parseWithZod(form, { schema: ContactSchema });
  if (limited) return limitedReply(submission, limited);
  if (submission.status !== "success") {
    await giveBack();
    return data(submission.reply(), { status: 400 });
  }
  const user = await getOptionalUser(request);
  await saveContactMessage(submission.value, user?.id ?? null);
  return redirectWithToast("/contact?sent=1", { ...CONTACT_SENT, variant: "success" });
}

// A refusal past the limit keeps its Retry-After (docs/decisions/056).
export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Contact", description: "How to reach the people behind Horror Stories." });

function ContactForm({ sender, lastResult }: { sender: Sender; lastResult?: Route.ComponentProps["actionData"] }) {
  const busy = useNavigation().formAction === "/contact";
  const [form, fields, refused] = useSchemaForm("contact", ContactSchema, lastResult, { validateInBrowser: false });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ProtectedFields honeypot />
      <FormErrors errors={form.errors} {...refused("")} />
      <SenderFields fields={fields} sender={sender} refused={refused} />
      <Field id={fields.subject.id} label="Subject (optional)" errors={fields.subject.errors}>
        <input
          {...getInputProps(fields.subject, { type: "text" })}
          {...refused(fields.subject.name)}
          className={inputClass}
        />
      </Field>
      <Field id={fields.message.id} label="Message" errors={fields.message.errors}>
        <textarea
          {...getTextareaProps(fields.message)}
          {...refused(fields.message.name)}
          rows={6}
          className={inputClass}
        />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Sending..." : "Send message"}
      </button>
    </Form>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contactEmail: email, sent, sender, csrf, honeypot } = loaderData;
  return (
    <InfoPage title="Contact">
      <p>
        Questions, a story you want us to read, or something that is not right: write to us with the form below or at{" "}
        <a href={`mailto:${email}`}>{email}</a>. We answer within a few days. Copyright claims have{" "}
        <Link to="/legal/copyright#claim">their own form</Link>.
      </p>
      {sent ? (
        <div role="status" className="rounded-lg border border-line bg-surface p-card">
          <SectionTitle inCard>Thank you for writing</SectionTitle>
          <p className="mt-2 text-muted">Your message has reached us. We answer by email within a few days.</p>
          <Link to="/contact" className="btn mt-4">
            Write another message
          </Link>
        </div>
      ) : (
        <section
          aria-labelledby="contact-form-title"
          className="rounded-lg border border-line bg-surface p-card text-base"
        >
          <SectionTitle id="contact-form-title" inCard className="mb-4">
            Send us a message
          </SectionTitle>
          <PublicFormProvider csrf={csrf} honeypot={honeypot}>
            <ContactForm sender={sender} lastResult={actionData} />
          </PublicFormProvider>
        </section>
      )}
    </InfoPage>
  );
}
