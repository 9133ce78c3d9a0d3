import { data, Form, Link } from "react-router";
import { confirmEmailChange, pendingEmailChange } from "~/account/email-change.server";
import { LinkCodeForm } from "~/account/link-code-form";
import { readMailedLink, readPostedToken } from "~/account/mailed-link.server";
import { ProtectedFields, PublicFormProvider } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { redirectWithToast } from "~/toasts/toast.server";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
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
  const { pending, ...link } = await readMailedLink(request, context, pendingEmailChange);
  return data({ ...link, newEmail: pending?.newEmail ?? null }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = await readPostedToken(request, context, "confirm-email");
  if (!token) return data({ message: INVALID_LINK }, { status: 400 });
  const result = await confirmEmailChange(token);
  if (!result.ok) return data({ message: result.reason === "taken" ? TAKEN : INVALID_LINK }, { status: 400 });
  return redirectWithToast("/confirm-email?done=1", {
    title: "Email address changed",
    description: `Your account now uses ${result.email}. We told your old address, with a link that undoes the change.`,
    variant: "success",
  });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.done ? "Your email address was changed" : "Confirm your new email address",
  });

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { done, token, newEmail, csrf, honeypot } = loaderData;
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle>{done ? "Your email address was changed" : "Confirm your new email address"}</PageTitle>
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
        <p className="mt-4">Your account now signs in with its new address, and the site's mail goes there.</p>
      ) : (
        <PublicFormProvider csrf={csrf} honeypot={honeypot}>
          {actionData?.message ? null : <p className="mt-4">{INVALID_LINK}</p>}
          <LinkCodeForm submitLabel="Confirm with this code" />
        </PublicFormProvider>
      )}
      <p className="mt-6">
        <Link to="/settings/profile">Profile settings</Link>
      </p>
    </div>
  );
}
