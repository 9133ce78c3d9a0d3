import { data, Form, Link } from "react-router";
import { EMAIL_TOKEN_PATTERN } from "~/account/account";
import { confirmEmailChange, pendingEmailChange } from "~/account/email-change.server";
import { inputClass, ProtectedFields, PublicFormProvider } from "~/auth/forms";
import { publicFormProps, readPublicForm } from "~/auth/public-form.server";
import { RATE_LIMITS } from "~/auth/rate-limit.server";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { redirectWithToast } from "~/toasts/toast.server";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { PRIVATE_PAGE_HEADERS } from "../../server/http-cache";
import type { Route } from "./+types/confirm-email";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

export const INVALID_LINK =
  "This confirmation link has expired or was already used. Ask for a new one on your profile settings.";
export const TAKEN = "Another account started using this address meanwhile, so your address stays as it was.";

/**
 * GET /confirm-email?token=...: the link mailed to the new address. Opening it
 * shows a button; the address changes when that is pressed (a mail scanner that
 * follows links changes nothing). No sign-in needed: the token proves the mailbox.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const pending = EMAIL_TOKEN_PATTERN.test(token) ? await pendingEmailChange(token) : null;
  return data(
    {
      done: url.searchParams.get("done") === "1",
      token: pending ? token : null,
      newEmail: pending?.newEmail ?? null,
      ...(await publicFormProps(request, context)),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicForm(request, context, { name: "confirm-email", rule: RATE_LIMITS.reset });
  const token = String(form.get("token") ?? "");
  if (!EMAIL_TOKEN_PATTERN.test(token)) return data({ message: INVALID_LINK }, { status: 400 });
  const result = await confirmEmailChange(token);
  if (!result.ok) return data({ message: result.reason === "taken" ? TAKEN : INVALID_LINK }, { status: 400 });
  return redirectWithToast("/confirm-email?done=1", {
    title: "Email address changed",
    description: `Your account now uses ${result.email}. We told your old address, with a link that undoes the change.`,
    variant: "success",
  });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Confirm your new email address" });

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { done, token, newEmail, csrf, honeypot } = loaderData;
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="font-serif text-4xl font-bold">Confirm your new email address</h1>
      {actionData?.message ? (
        <p role="alert" className="mt-4 rounded border border-accent bg-surface p-3 font-semibold text-accent">
          {actionData.message}
        </p>
      ) : null}
      {token && newEmail ? (
        <PublicFormProvider csrf={csrf} honeypot={honeypot}>
          <p className="mt-4">
            Your account will use <strong>{newEmail}</strong> to sign in and for the site's mail.
          </p>
          <Form method="post" className="mt-4">
            <ProtectedFields honeypot />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn btn-primary">
              Use this address
            </button>
          </Form>
        </PublicFormProvider>
      ) : done ? (
        <p className="mt-4">Your email address was changed.</p>
      ) : (
        <PublicFormProvider csrf={csrf} honeypot={honeypot}>
          {actionData?.message ? null : <p className="mt-4">{INVALID_LINK}</p>}
          {/* A mail program that breaks the link in two: the code at its end works here too. */}
          <Form method="post" className="mt-4 space-y-3">
            <ProtectedFields honeypot />
            <label htmlFor="token" className="block font-semibold">
              The code at the end of your link
            </label>
            <input id="token" name="token" required autoComplete="off" spellCheck={false} className={inputClass} />
            <button type="submit" className="btn">
              Confirm with this code
            </button>
          </Form>
        </PublicFormProvider>
      )}
      <p className="mt-6">
        <Link to="/settings/profile">Profile settings</Link>
      </p>
    </div>
  );
}
