import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DeleteAccountSchema, EndSessionSchema, PrivacyConsentSchema, SESSIONS_SHOWN } from "~/account/account";
import { checkDeletionConfirmation, deleteAccount, deletionCounts } from "~/account/data.server";
import { ALL_SESSIONS, SessionList, WhatWeStore, whatYouWrote } from "~/account/privacy-sections";
import { endSession, listSessions } from "~/account/sessions.server";
import { getAccountSettings } from "~/account/settings.server";
import { AuthError, requireUser } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { destroyOtherSessions, destroySession } from "~/auth/session.server";
import { Field, FormErrors, inputClass } from "~/components/forms";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { FOCUS_FIRST, refusedBy } from "~/components/refusal-focus";
import { CATEGORY_LABELS, mergeConsent, OPTIONAL_CATEGORIES } from "~/consent/consent";
import { consentCookies, getAccountConsent, getConsent, saveAccountConsent } from "~/consent/consent.server";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/privacy";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const all = new URL(request.url).searchParams.get("sessions") === "all";
  const [settings, { sessions, total }, consent, yours] = await Promise.all([
    getAccountSettings(user.id),
    listSessions(user.id, request, { limit: all ? undefined : SESSIONS_SHOWN }),
    getConsent(request),
    deletionCounts(user.id),
  ]);
  return data(
    {
      hasPassword: settings.hasPassword,
      username: settings.username,
      sessions,
      sessionCount: total,
      allSessions: all,
      yours,
      consent: consent ?? (await getAccountConsent(user.id)),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

type Reply = {
  intent: string;
  error?: Record<string, string[] | null> | null;
  initialValue?: Record<string, unknown> | null;
};
const fail = (intent: string, reply: object) =>
  data({ ...(reply as Omit<Reply, "intent">), intent } as Reply, { status: 400, headers: PRIVATE_PAGE_HEADERS });

const BACK = "/settings/privacy";

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readPostedForm(request, context);
  const intent = form.get("intent");
  if (intent === "end-session") {
    const submission = parseWithZod(form, { schema: EndSessionSchema });
    if (submission.status !== "success") return fail("end-session", replyToFailure(submission, ["sessionId"]));
    // Only the sender's own sessions: another reader's id ends nothing.
    if (!(await endSession(user.id, submission.value.sessionId)))
      return fail("end-session", submission.reply({ formErrors: ["That session has already ended."] }));
    // Back to the list it was ended from: all of them, or the most recent.
    const back = form.get("list") === "all" ? ALL_SESSIONS : BACK;
    return redirectWithToast(back, { title: "Session ended", variant: "success" });
  }
  if (intent === "end-others") {
    const count = await destroyOtherSessions(user.id, request);
    return redirectWithToast(BACK, {
      title: count ? `Signed out on ${count} other ${count === 1 ? "device" : "devices"}` : "No other sessions",
      variant: "success",
    });
  }
  if (intent === "consent") {
    const submission = parseWithZod(form, { schema: PrivacyConsentSchema });
    if (submission.status !== "success") return fail("consent", submission.reply());
    const { intent: _intent, ...choice } = submission.value;
    const preferences = mergeConsent(await getConsent(request), choice);
    await saveAccountConsent(user.id, preferences);
    const headers = new Headers();
    for (const cookie of await consentCookies(preferences)) headers.append("Set-Cookie", cookie);
    return redirectWithToast(BACK, { title: "Privacy choices saved", variant: "success" }, { headers });
  }
  if (intent === "delete") {
    const submission = parseWithZod(form, { schema: DeleteAccountSchema });
    const hide = { hideFields: ["confirmation"] };
    if (submission.status !== "success") return fail("delete", submission.reply(hide));
    try {
      await checkDeletionConfirmation(user.id, submission.value.confirmation);
    } catch (error) {
      if (error instanceof AuthError)
        return fail("delete", submission.reply({ ...hide, fieldErrors: { confirmation: [error.message] } }));
      throw error;
    }
    const result = await deleteAccount(user.id, submission.value.submissions);
    const params = new URLSearchParams({
      submissions: result.submissions,
      count: String(result.submissionCount),
      unpublished: String(result.unpublishedCount),
      posts: String(result.communityCount),
    });
    return redirect(`/account-deleted?${params}`, { headers: { "Set-Cookie": await destroySession(request) } });
  }
  throw data(
    { message: "Choose what to do: end a session, save your choices or delete the account." },
    { status: 400 },
  );
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Privacy settings",
    description: "What Horror Stories stores about you, your sessions, your data and your account.",
  });

export default function PrivacySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, sessionCount, allSessions, consent, hasPassword, yours } = loaderData;
  const reply = actionData as Reply | undefined;
  const errorsFor = (intent: string, name: string) =>
    reply?.intent === intent ? (reply.error?.[name] ?? undefined) : undefined;
  const confirmationErrors = errorsFor("delete", "confirmation");
  const submissionErrors = errorsFor("delete", "submissions");
  const chosen = reply?.intent === "delete" ? reply.initialValue?.submissions : undefined;
  // Without JavaScript a refused form is a new page: its first field to blame (or message) takes focus.
  const deleteFocus = refusedBy(reply?.intent === "delete" ? reply.error : null, ["submissions", "confirmation"]);
  return (
    <div className="max-w-2xl">
      <PageTitle>Privacy</PageTitle>

      <WhatWeStore />

      <SessionList
        sessions={sessions}
        total={sessionCount}
        all={allSessions}
        errors={errorsFor("end-session", "") ?? errorsFor("end-session", "sessionId")}
      />

      <section aria-labelledby="analytics-heading" className="mt-10">
        <SectionTitle id="analytics-heading">Analytics and cookies</SectionTitle>
        <p className="mt-2 text-muted">
          The same choices as the cookie banner and <a href="/settings/cookie-management">cookie management</a>; saved
          here, they also follow your account. Essential cookies are always on.
        </p>
        <FormErrors
          errors={reply?.intent === "consent" ? Object.values(reply.error ?? {}).flatMap((e) => e ?? []) : []}
          {...FOCUS_FIRST}
        />
        <Form method="post" className="mt-3 space-y-2">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="consent" />
          <fieldset className="space-y-2">
            <legend className="sr-only">Optional cookies and measurement</legend>
            {OPTIONAL_CATEGORIES.map((category) => (
              <div key={category} className="flex items-start gap-2">
                <input
                  type="checkbox"
                  id={`privacy-${category}`}
                  name={category}
                  defaultChecked={consent?.[category] ?? false}
                  aria-describedby={`privacy-${category}-text`}
                  className="mt-1 size-5"
                />
                <div>
                  <label htmlFor={`privacy-${category}`} className="font-semibold">
                    {CATEGORY_LABELS[category].name}
                  </label>
                  <p id={`privacy-${category}-text`} className="text-sm text-muted">
                    {CATEGORY_LABELS[category].text}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary">
            Save privacy choices
          </button>
        </Form>
      </section>

      <section aria-labelledby="download-heading" className="mt-10">
        <SectionTitle id="download-heading">Download your data</SectionTitle>
        <p className="mt-2">
          One JSON file with everything the site keeps about you: profile, library, reading positions, notifications,
          feedback, bug reports, messages, submissions and sessions.
        </p>
        <Form method="post" action="/settings/privacy/export" reloadDocument className="mt-3">
          <AuthenticityTokenInput name="csrf" />
          <button type="submit" className="btn btn-primary">
            Download my data
          </button>
        </Form>
      </section>

      <section aria-labelledby="delete-heading" className="mt-10 rounded-lg border border-accent p-4">
        <SectionTitle id="delete-heading">Delete your account</SectionTitle>
        <p className="mt-2">
          Your account, sessions, library, notifications and what you sent us (feedback, bug reports, messages) are
          deleted for good. This cannot be undone. A copyright claim you filed is kept as a legal record, no longer
          linked to an account. To keep a copy of what you wrote, download your data first.
        </p>
        <FormErrors errors={errorsFor("delete", "")} {...deleteFocus("")} />
        <Form method="post" className="mt-3 space-y-4">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="delete" />
          <fieldset className="space-y-2">
            <legend className="font-semibold">Your stories and community posts</legend>
            <p id="submissions-hint" className="text-sm text-muted">
              {whatYouWrote(yours)} Stories not yet published are deleted either way.
            </p>
            {submissionErrors?.length ? (
              <p className="text-sm font-semibold text-accent" role="alert">
                {submissionErrors.join(" ")}
              </p>
            ) : null}
            <div className="flex items-start gap-2">
              <input
                type="radio"
                id="submissions-anonymise"
                {...deleteFocus("submissions")}
                name="submissions"
                value="anonymise"
                aria-describedby="submissions-hint"
                defaultChecked={chosen !== "remove"}
                className="mt-1.5 size-5 shrink-0"
              />
              <label htmlFor="submissions-anonymise">
                Keep them: stories credited to &ldquo;Anonymous&rdquo;, posts and comments to &ldquo;A former
                reader&rdquo;
              </label>
            </div>
            <div className="flex items-start gap-2">
              <input
                type="radio"
                id="submissions-remove"
                name="submissions"
                value="remove"
                aria-describedby="submissions-hint"
                defaultChecked={chosen === "remove"}
                className="mt-1.5 size-5 shrink-0"
              />
              <label htmlFor="submissions-remove">
                Remove them: stories are taken down; each post and comment says &ldquo;deleted by its author&rdquo;, and
                the titles of threads you started go with them
              </label>
            </div>
          </fieldset>
          <Field
            id="confirmation"
            label={hasPassword ? "Your password" : "Your username"}
            errors={confirmationErrors}
            hint={
              hasPassword
                ? "Type your password to confirm."
                : "Your account has no password: type your username to confirm."
            }
          >
            <input
              id="confirmation"
              name="confirmation"
              {...deleteFocus("confirmation")}
              type={hasPassword ? "password" : "text"}
              required
              autoComplete={hasPassword ? "current-password" : "off"}
              aria-invalid={confirmationErrors?.length ? true : undefined}
              aria-describedby={`confirmation-hint${confirmationErrors?.length ? " confirmation-error" : ""}`}
              className={inputClass}
            />
          </Field>
          <button type="submit" className="btn btn-primary">
            Delete my account
          </button>
        </Form>
      </section>
    </div>
  );
}
