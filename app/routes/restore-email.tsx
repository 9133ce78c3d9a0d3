import { data, Form, Link } from "react-router";
import { pendingEmailRestore, restoreEmail } from "~/account/email-change.server";
import { LinkCodeForm } from "~/account/link-code-form";
import { readMailedLink, readPostedToken } from "~/account/mailed-link.server";
import { ProtectedFields, PublicFormProvider } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { redirectWithToast } from "~/toasts/toast.server";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/restore-email";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

export const INVALID_RESTORE_LINK =
  "This link has expired or was already used. If you cannot sign in, ask for a password reset or write to us through the contact page.";
export const RESTORE_TAKEN =
  "Another account uses your old address now, so it cannot be put back. Write to us through the contact page.";

/**
 * GET /restore-email?token=...: the link mailed to the OLD address after an
 * email change (docs/decisions/032). Opening it shows what will happen and a
 * button; only the button's POST changes anything (a mail scanner that follows
 * links changes nothing). No sign-in needed: the token proves the old mailbox.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pending, ...link } = await readMailedLink(request, context, pendingEmailRestore);
  return data(
    { ...link, oldEmail: pending?.oldEmail ?? null, newEmail: pending?.newEmail ?? null },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = await readPostedToken(request, context, "restore-email");
  if (!token) return data({ message: INVALID_RESTORE_LINK }, { status: 400 });
  const result = await restoreEmail(token, request);
  if (!result.ok)
    return data({ message: result.reason === "taken" ? RESTORE_TAKEN : INVALID_RESTORE_LINK }, { status: 400 });
  const ended = result.endedSessions;
  return redirectWithToast("/restore-email?done=1", {
    title: "Your old address is back",
    description: `Your account uses ${result.email} again.${
      ended > 0 ? ` ${ended} signed-in ${ended === 1 ? "device was" : "devices were"} signed out.` : ""
    }`,
    variant: "success",
  });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Undo the email change" });

export default function RestoreEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { done, token, oldEmail, newEmail, csrf, honeypot } = loaderData;
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle>Undo the email change</PageTitle>
      {actionData?.message ? (
        <p role="alert" className="mt-4 rounded border border-accent bg-surface p-3 font-semibold text-accent">
          {actionData.message}
        </p>
      ) : null}
      {token && oldEmail && newEmail ? (
        <PublicFormProvider csrf={csrf} honeypot={honeypot}>
          <p className="mt-4">
            Your account's address was changed to <strong>{newEmail}</strong>. Undoing it puts back{" "}
            <strong>{oldEmail}</strong> and signs out every other device signed in to the account.
          </p>
          <Form method="post" className="mt-4">
            <ProtectedFields honeypot />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn btn-primary">
              Put my old address back
            </button>
          </Form>
        </PublicFormProvider>
      ) : done ? (
        <>
          <p className="mt-4">
            Your old address is back, and any other device signed in to the account was signed out. If you did not
            change it yourself, someone may know your password: choose a new one now.
          </p>
          <p className="mt-4">
            <Link to="/reset-password">Choose a new password</Link>
          </p>
        </>
      ) : (
        <PublicFormProvider csrf={csrf} honeypot={honeypot}>
          {actionData?.message ? null : <p className="mt-4">{INVALID_RESTORE_LINK}</p>}
          <LinkCodeForm submitLabel="Put my old address back with this code" />
        </PublicFormProvider>
      )}
    </div>
  );
}
