import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { BIO_MAX, DISPLAY_NAME_MAX, EmailChangeSchema, PasswordChangeSchema, ProfileSchema } from "~/account/account";
import { TooManyRequestsError } from "~/account/current-password.server";
import {
  confirmIdentity,
  EmailNotSentError,
  emailChangeIdentity,
  requestEmailChange,
} from "~/account/email-change.server";
import { EmailChangeSection } from "~/account/email-change-form";
import { changePassword, getAccountSettings, updateProfile } from "~/account/settings.server";
import { AuthError, requireUser } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { NEW_PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "~/auth/validation";
import { Field, FormErrors, inputClass, useKeptResult } from "~/components/forms";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { refusedBy } from "~/components/refusal-focus";
import { env } from "~/env.server";
import { avatarTooLarge, handleAvatarForm } from "~/profile/avatar.server";
import { AvatarForms } from "~/profile/avatar-forms";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { bodyTooLargeContext } from "~/utils/request-context";
import type { Route } from "./+types/profile";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [settings, identity] = await Promise.all([getAccountSettings(user.id), emailChangeIdentity(user.id, request)]);
  return data({ ...settings, recentSignIn: identity.recent }, { headers: PRIVATE_PAGE_HEADERS });
}

type Reply = {
  intent: string;
  error?: Record<string, string[] | null> | null;
  initialValue?: Record<string, unknown> | null;
};
const fail = (intent: string, reply: object, status = 400, headers: Record<string, string> = {}) =>
  data({ ...(reply as Omit<Reply, "intent">), intent } as Reply, {
    status,
    headers: { ...PRIVATE_PAGE_HEADERS, ...headers },
  });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  // Only the avatar's form sends that much: its form comes back with the message (decision 057).
  if (context.get(bodyTooLargeContext)) return fail("avatar", avatarTooLarge().data, 413);
  const form = await readPostedForm(request, context);
  const intent = String(form.get("intent") ?? "");
  if (intent === "upload" || intent === "remove") {
    const result = await handleAvatarForm(user.id, form, "/settings/profile");
    return result instanceof Response ? result : fail("avatar", result.data);
  }
  if (intent === "email") {
    const submission = parseWithZod(form, { schema: EmailChangeSchema });
    const hide = { hideFields: ["currentPassword"] };
    if (submission.status !== "success") return fail(intent, submission.reply(hide));
    try {
      await confirmIdentity(user.id, request, submission.value.currentPassword);
      await requestEmailChange(user.id, submission.value.email, env.SITE_URL);
    } catch (error) {
      const field = (error as { field?: string | null }).field;
      const name = field === "password" ? "currentPassword" : field === "email" ? "email" : "";
      const message = [(error as Error).message];
      const reply = submission.reply(
        name ? { ...hide, fieldErrors: { [name]: message } } : { ...hide, formErrors: message },
      );
      if (error instanceof TooManyRequestsError)
        return fail(intent, reply, 429, { "Retry-After": String(error.retryAfterSeconds) });
      if (error instanceof AuthError) return fail(intent, reply);
      if (error instanceof EmailNotSentError) return fail(intent, reply, 503, { "Retry-After": "60" });
      throw error;
    }
    return redirectWithToast("/settings/profile", {
      title: "Check your new address",
      description: `We sent a confirmation link to ${submission.value.email}. Your address changes when you open it.`,
      variant: "success",
    });
  }
  if (intent === "password") {
    const submission = parseWithZod(form, { schema: PasswordChangeSchema });
    const hide = { hideFields: ["currentPassword", "newPassword", "confirm"] };
    if (submission.status !== "success") return fail(intent, submission.reply(hide));
    try {
      const { endedSessions, set } = await changePassword(user.id, submission.value, request);
      return redirectWithToast("/settings/profile", {
        title: set ? "Password set" : "Password changed",
        description:
          endedSessions > 0
            ? `You were signed out on ${endedSessions} other ${endedSessions === 1 ? "device" : "devices"}.`
            : "You stay signed in here.",
        variant: "success",
      });
    } catch (error) {
      const reply = submission.reply({ ...hide, fieldErrors: { currentPassword: [(error as Error).message] } });
      if (error instanceof TooManyRequestsError)
        return fail(intent, reply, 429, { "Retry-After": String(error.retryAfterSeconds) });
      if (error instanceof AuthError) return fail(intent, reply);
      throw error;
    }
  }
  const submission = parseWithZod(form, { schema: ProfileSchema });
  // A missing or unknown intent lands here: a hidden field nobody can fix, said as a form error.
  if (submission.status !== "success") return fail("profile", replyToFailure(submission, ["intent"]));
  try {
    await updateProfile(user.id, submission.value);
  } catch (error) {
    if (error instanceof AuthError)
      return fail("profile", submission.reply({ fieldErrors: { username: [error.message] } }));
    throw error;
  }
  return redirectWithToast("/settings/profile", { title: "Profile saved", variant: "success" });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Profile settings", description: "Your name, bio, avatar, email address and password." });

function errorsOf(reply: Reply | undefined, intent: string, name: string): string[] | undefined {
  if (reply?.intent !== intent) return undefined;
  return reply.error?.[name] ?? undefined;
}

function sentValue(reply: Reply | undefined, intent: string, name: string, fallback: string | null): string {
  if (reply?.intent === intent) {
    const value = reply.initialValue?.[name];
    if (typeof value === "string") return value;
  }
  return fallback ?? "";
}

function describedBy(id: string, errors: string[] | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { username, displayName, bio, email, avatar, hasPassword, pendingEmail, recentSignIn } = loaderData;
  // Else what the reader sent after their session ended, back in the form it came from (docs/decisions/058).
  const kept = useKeptResult(undefined, ["username", "displayName", "bio", "email"]);
  const reply = (actionData ?? (kept && { ...kept, intent: String(kept.initialValue?.intent ?? "") })) as
    | Reply
    | undefined;
  // A reply changes the form's key, so its fields take the values sent back.
  const key = (intent: string) => (reply?.intent === intent ? JSON.stringify(reply.initialValue ?? {}) : "saved");
  const usernameErrors = errorsOf(reply, "profile", "username");
  const displayNameErrors = errorsOf(reply, "profile", "displayName");
  const bioErrors = errorsOf(reply, "profile", "bio");
  const currentErrors = errorsOf(reply, "password", "currentPassword");
  const newErrors = errorsOf(reply, "password", "newPassword");
  const confirmErrors = errorsOf(reply, "password", "confirm");
  // Without JavaScript a refused form is a new page: its first field to blame (or message) takes focus.
  const refused = (intent: string, order: string[]) => refusedBy(reply?.intent === intent ? reply.error : null, order);
  const profileFocus = refused("profile", ["username", "displayName", "bio"]);
  const passwordFocus = refused("password", ["currentPassword", "newPassword", "confirm"]);
  return (
    <div className="max-w-2xl">
      <PageTitle>Profile</PageTitle>
      <p className="mt-2 text-muted">What other readers see of you, and how you sign in.</p>

      <section aria-labelledby="about-heading" className="mt-8">
        <SectionTitle id="about-heading">About you</SectionTitle>
        <FormErrors errors={errorsOf(reply, "profile", "")} {...profileFocus("")} />
        <Form method="post" className="mt-3 space-y-4" key={key("profile")}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="profile" />
          <Field
            id="username"
            label="Username"
            errors={usernameErrors}
            hint={`${USERNAME_MIN} to ${USERNAME_MAX} letters, digits, - and _.`}
          >
            <input
              id="username"
              name="username"
              {...profileFocus("username")}
              defaultValue={sentValue(reply, "profile", "username", username)}
              required
              minLength={USERNAME_MIN}
              maxLength={USERNAME_MAX}
              autoComplete="username"
              aria-invalid={usernameErrors?.length ? true : undefined}
              aria-describedby={describedBy("username", usernameErrors, true)}
              className={inputClass}
            />
          </Field>
          <Field
            id="displayName"
            label="Display name"
            errors={displayNameErrors}
            hint="Shown on your profile instead of your username. Optional."
          >
            <input
              id="displayName"
              name="displayName"
              {...profileFocus("displayName")}
              defaultValue={sentValue(reply, "profile", "displayName", displayName)}
              maxLength={DISPLAY_NAME_MAX}
              autoComplete="nickname"
              aria-invalid={displayNameErrors?.length ? true : undefined}
              aria-describedby={describedBy("displayName", displayNameErrors, true)}
              className={inputClass}
            />
          </Field>
          <Field id="bio" label="Bio" errors={bioErrors} hint={`Plain text, up to ${BIO_MAX} characters. Optional.`}>
            <textarea
              id="bio"
              name="bio"
              {...profileFocus("bio")}
              rows={4}
              defaultValue={sentValue(reply, "profile", "bio", bio)}
              maxLength={BIO_MAX}
              aria-invalid={bioErrors?.length ? true : undefined}
              aria-describedby={describedBy("bio", bioErrors, true)}
              className={inputClass}
            />
          </Field>
          <button type="submit" className="btn btn-primary">
            Save profile
          </button>
        </Form>
      </section>

      <AvatarForms
        avatar={avatar}
        errors={reply?.intent === "avatar" ? Object.values(reply.error ?? {}).flatMap((e) => e ?? []) : []}
        focus={refused("avatar", [])("")}
      />

      <EmailChangeSection
        email={email}
        pendingEmail={pendingEmail}
        hasPassword={hasPassword}
        recentSignIn={recentSignIn}
        errors={{
          form: errorsOf(reply, "email", ""),
          email: errorsOf(reply, "email", "email"),
          currentPassword: errorsOf(reply, "email", "currentPassword"),
        }}
        refused={refused("email", ["email", "currentPassword"])}
        sentEmail={sentValue(reply, "email", "email", "")}
        formKey={key("email")}
      />

      {/* Connected accounts links here ("Set a password"): scroll-mt keeps the heading clear of the header. */}
      <section id="password" aria-labelledby="password-heading" className="mt-10 scroll-mt-20">
        <SectionTitle id="password-heading">{hasPassword ? "Change password" : "Set a password"}</SectionTitle>
        <p className="mt-2 text-muted">
          {hasPassword
            ? "Every other device signed in to your account is signed out; this one stays signed in."
            : "Your account has no password yet (you sign in through another provider). Set one to sign in with your email too."}
        </p>
        <Form method="post" className="mt-3 space-y-4" key={key("password")}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="password" />
          {hasPassword ? (
            <Field id="currentPassword" label="Current password" errors={currentErrors}>
              <input
                id="currentPassword"
                name="currentPassword"
                {...passwordFocus("currentPassword")}
                type="password"
                required
                autoComplete="current-password"
                aria-invalid={currentErrors?.length ? true : undefined}
                aria-describedby={describedBy("currentPassword", currentErrors)}
                className={inputClass}
              />
            </Field>
          ) : null}
          <Field
            id="newPassword"
            label="New password"
            errors={newErrors}
            hint={`At least ${NEW_PASSWORD_MIN} characters.`}
          >
            <input
              id="newPassword"
              name="newPassword"
              {...passwordFocus("newPassword")}
              type="password"
              required
              minLength={NEW_PASSWORD_MIN}
              autoComplete="new-password"
              aria-invalid={newErrors?.length ? true : undefined}
              aria-describedby={describedBy("newPassword", newErrors, true)}
              className={inputClass}
            />
          </Field>
          <Field id="confirm" label="New password again" errors={confirmErrors}>
            <input
              id="confirm"
              name="confirm"
              {...passwordFocus("confirm")}
              type="password"
              required
              autoComplete="new-password"
              aria-invalid={confirmErrors?.length ? true : undefined}
              aria-describedby={describedBy("confirm", confirmErrors)}
              className={inputClass}
            />
          </Field>
          <button type="submit" className="btn btn-primary">
            {hasPassword ? "Change password" : "Set password"}
          </button>
        </Form>
      </section>
    </div>
  );
}
