// The "Email address" section of /settings/profile (docs/decisions/032): the new
// address, and the current password unless this session signed in a few minutes ago.
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field, FormErrors, inputClass, type Refused } from "~/components/forms";
import { SectionTitle } from "~/components/page-title";
import { RECENT_SIGN_IN_MINUTES } from "./account";

export type EmailChangeErrors = { form?: string[]; email?: string[]; currentPassword?: string[] };

function describedBy(id: string, errors: string[] | undefined, hint: boolean) {
  const ids = [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function EmailChangeSection({
  email,
  pendingEmail,
  hasPassword,
  recentSignIn,
  errors,
  sentEmail,
  formKey,
  refused,
}: {
  email: string;
  pendingEmail: string | null;
  hasPassword: boolean;
  recentSignIn: boolean;
  errors: EmailChangeErrors;
  sentEmail: string;
  formKey: string;
  /** Where focus goes in the first HTML of a refused change (~/components/refusal-focus). */
  refused: Refused;
}) {
  // An account without a password (made through a sign-in provider) proves it is its owner by a fresh sign-in.
  const canAsk = hasPassword || recentSignIn;
  return (
    <section aria-labelledby="email-heading" className="mt-10">
      <SectionTitle id="email-heading">Email address</SectionTitle>
      <p className="mt-2">
        Your address is <strong>{email}</strong>.
        {pendingEmail ? (
          <>
            {" "}
            A confirmation link was sent to <strong>{pendingEmail}</strong>; the address changes when it is opened.
          </>
        ) : null}
      </p>
      <p className="mt-2 text-muted">
        Once the new address is confirmed, we tell your current address, with a link that undoes the change.
      </p>
      {canAsk ? (
        <Form method="post" className="mt-3 space-y-4" key={formKey}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="email" />
          <FormErrors errors={errors.form} {...refused("")} />
          <Field
            id="new-email"
            label="New email address"
            errors={errors.email}
            hint="We send a link to the new address; nothing changes until you open it."
          >
            <input
              id="new-email"
              name="email"
              {...refused("email")}
              type="email"
              required
              autoComplete="email"
              defaultValue={sentEmail}
              aria-invalid={errors.email?.length ? true : undefined}
              aria-describedby={describedBy("new-email", errors.email, true)}
              className={inputClass}
            />
          </Field>
          {hasPassword ? (
            <Field
              id="email-current-password"
              label="Current password"
              errors={errors.currentPassword}
              hint={
                recentSignIn
                  ? `You signed in less than ${RECENT_SIGN_IN_MINUTES} minutes ago, so you may leave this empty.`
                  : "To be sure it is you."
              }
            >
              <input
                id="email-current-password"
                name="currentPassword"
                {...refused("currentPassword")}
                type="password"
                required={!recentSignIn}
                autoComplete="current-password"
                aria-invalid={errors.currentPassword?.length ? true : undefined}
                aria-describedby={describedBy("email-current-password", errors.currentPassword, true)}
                className={inputClass}
              />
            </Field>
          ) : (
            <p className="text-muted">
              You signed in less than {RECENT_SIGN_IN_MINUTES} minutes ago, which confirms it is you.
            </p>
          )}
          <button type="submit" className="btn btn-primary">
            Send confirmation link
          </button>
        </Form>
      ) : (
        <>
          <FormErrors errors={errors.form} />
          <p className="mt-3">
            Your account has no password, so to change your address, sign out and sign in again: for{" "}
            {RECENT_SIGN_IN_MINUTES} minutes after signing in, you can change it here.
          </p>
        </>
      )}
    </section>
  );
}
