import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { handleAuthAction } from "~/auth/auth-page.server";
import { hasKeptForm } from "~/auth/kept-form.server";
import { getOidcProvider, oidcProviders } from "~/auth/oidc.server";
import { oidcMessage } from "~/auth/oidc-messages";
import { publicFormProps } from "~/auth/public-form.server";
import { LoginSchema, NEW_PASSWORD_MIN, RegisterSchema, USERNAME_MAX, USERNAME_MIN } from "~/auth/validation";
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
import { REGISTRATION_CLOSED_MESSAGE } from "~/site/site-settings";
import { isRegistrationOpen } from "~/site/site-settings.server";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/redirect";
import type { Route } from "./+types/auth";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "/");
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  const provider = getOidcProvider(url.searchParams.get("provider") ?? undefined);
  return {
    // "Sign in with {Name}" for each configured provider (none configured: none shown).
    providers: oidcProviders().map(({ id, name }) => ({ id, name })),
    oidcError: oidcMessage(url.searchParams.get("oidc"), provider?.name ?? null, url.searchParams.get("wait")),
    mode: url.searchParams.get("mode") === "register" ? ("register" as const) : ("login" as const),
    redirectTo,
    // After a new password was set through a reset link (app/routes/reset-password.tsx).
    passwordReset: url.searchParams.get("reset") === "1",
    // A form was sent without a session (requireUser): what it carried was not saved, and either
    // comes back to the form after signing in (kept for this browser), or why it could not be kept.
    unsent: await unsentState(request, url.searchParams.get("unsent"), redirectTo),
    registrationOpen: await isRegistrationOpen(),
    ...(await publicFormProps(request, context)),
  };
}

async function unsentState(
  request: Request,
  unsent: string | null,
  redirectTo: string,
): Promise<keyof typeof UNSENT_MESSAGES | null> {
  if (unsent === "file" || unsent === "large") return unsent;
  if (unsent !== "1") return null;
  return (await hasKeptForm(request, new URL(redirectTo, "http://site.invalid").pathname)) ? "kept" : "lost";
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAuthAction(request, context);
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const PASSWORD_RESET_MESSAGE = "Your password was changed. Sign in with it.";
export const UNSENT_MESSAGE = "You were signed out, so what you sent was not saved. Sign in, then send it again.";
/** What /auth says for each way a form sent without a session ended (app/auth/kept-form.server.ts). */
const UNSENT_MESSAGES = {
  kept: "You were signed out, so what you sent has not been sent yet. Sign in, and what you wrote will be back in the form, ready to send again.",
  lost: UNSENT_MESSAGE,
  file: "You were signed out, so what you sent was not saved. A form with a file cannot be kept for you: sign in, then send it again.",
  large:
    "You were signed out, so what you sent was not saved. It was too long to keep for you: sign in, then send it again.",
} as const;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.mode === "register" ? "Create an account" : "Sign in",
    description: "Sign in to Horror Stories or create an account.",
  });

function LoginForm({
  redirectTo,
  lastResult,
}: {
  redirectTo: string;
  lastResult?: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const [form, fields, refused] = useSchemaForm(
    "login",
    LoginSchema,
    lastResult?.intent === "login" ? lastResult.result : undefined,
  );
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ProtectedFields honeypot />
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrors errors={form.errors} {...refused("")} />
      <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          {...refused(fields.email.name)}
          autoComplete="email"
          className={inputClass}
        />
      </Field>
      <Field id={fields.password.id} label="Password" errors={fields.password.errors}>
        <input
          {...getInputProps(fields.password, { type: "password" })}
          {...refused(fields.password.name)}
          autoComplete="current-password"
          className={inputClass}
        />
      </Field>
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(fields.remember, { type: "checkbox" })}
          {...refused(fields.remember.name)}
          className="size-5"
        />
        <label htmlFor={fields.remember.id}>Remember me for 30 days</label>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </button>
        <Link to="/reset-password">Forgot your password?</Link>
      </div>
    </Form>
  );
}

function RegisterForm({
  redirectTo,
  lastResult,
}: {
  redirectTo: string;
  lastResult?: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const [form, fields, refused] = useSchemaForm(
    "register",
    RegisterSchema,
    lastResult?.intent === "register" ? lastResult.result : undefined,
  );
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "register";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ProtectedFields honeypot />
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrors errors={form.errors} {...refused("")} />
      <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          {...refused(fields.email.name)}
          autoComplete="email"
          className={inputClass}
        />
      </Field>
      <Field
        id={fields.username.id}
        label="Username"
        errors={fields.username.errors}
        hint={`${USERNAME_MIN} to ${USERNAME_MAX} letters, digits, - or _.`}
      >
        <input
          {...getInputProps(fields.username, { type: "text" })}
          {...refused(fields.username.name)}
          autoComplete="username"
          className={inputClass}
        />
      </Field>
      <NewPasswordField
        field={fields.password}
        {...refused(fields.password.name)}
        label="Password"
        hint={`At least ${NEW_PASSWORD_MIN} characters.`}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Creating your account..." : "Create account"}
      </button>
    </Form>
  );
}

/**
 * Plain links, not forms: starting a sign-in changes nothing here, and a form post that the server
 * redirects to the provider's origin would meet the CSP's form-action (docs/decisions/013).
 * reloadDocument: the start is a resource route that answers with a redirect off-site.
 */
function ProviderButtons({ providers, redirectTo }: { providers: { id: string; name: string }[]; redirectTo: string }) {
  if (providers.length === 0) return null;
  const query = redirectTo !== "/" ? `?${new URLSearchParams({ redirectTo })}` : "";
  return (
    <div className="mt-6 space-y-3">
      <p className="text-center text-sm text-muted">Or use an account you have elsewhere</p>
      <ul className="space-y-2">
        {providers.map((p) => (
          <li key={p.id}>
            <Link to={`/auth/oidc/${p.id}${query}`} reloadDocument className="btn w-full justify-center">
              Sign in with {p.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, csrf, providers, oidcError } = loaderData;
  // The form that was sent shows its errors, whatever ?mode the post went to.
  const mode = actionData?.intent ?? loaderData.mode;
  const query = (m: string) =>
    `/auth?${new URLSearchParams({ mode: m, ...(redirectTo !== "/" ? { redirectTo } : {}) })}`;
  return (
    <PublicFormProvider csrf={csrf} honeypot={loaderData.honeypot}>
      <div className="mx-auto max-w-md">
        <PageTitle>{mode === "register" ? "Create an account" : "Sign in"}</PageTitle>
        <p className="mt-2 text-muted">
          {mode === "register" ? (
            <>
              Already have an account? <Link to={query("login")}>Sign in</Link>
            </>
          ) : (
            <>
              New here? <Link to={query("register")}>Create an account</Link>
            </>
          )}
        </p>
        {mode === "login" && !actionData && loaderData.passwordReset ? (
          <p role="status" className="mt-6 rounded border border-line bg-surface p-3 font-semibold">
            {PASSWORD_RESET_MESSAGE}
          </p>
        ) : null}
        {!actionData && loaderData.unsent ? (
          <p role="status" className="mt-6 rounded border border-accent bg-surface p-3 font-semibold">
            {UNSENT_MESSAGES[loaderData.unsent]}
          </p>
        ) : null}
        {oidcError ? (
          <div className="mt-6">
            <FormErrors errors={[oidcError]} />
          </div>
        ) : null}
        <div className="mt-6 rounded-lg border border-line bg-surface p-card">
          {mode === "register" && !loaderData.registrationOpen && !actionData ? (
            <p role="status">{REGISTRATION_CLOSED_MESSAGE}</p>
          ) : mode === "register" ? (
            <RegisterForm redirectTo={redirectTo} lastResult={actionData} />
          ) : (
            <LoginForm redirectTo={redirectTo} lastResult={actionData} />
          )}
          <ProviderButtons providers={providers} redirectTo={redirectTo} />
        </div>
      </div>
    </PublicFormProvider>
  );
}
