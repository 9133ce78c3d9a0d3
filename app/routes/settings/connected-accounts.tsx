import { data, Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { connectedAccountsAction, connectedAccountsPage } from "~/auth/oidc-routes.server";
import { FormErrors } from "~/components/form-errors";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { FOCUS_FIRST } from "~/components/refusal-focus";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { formatDate } from "~/utils/dates";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/connected-accounts";

export async function loader({ request }: Route.LoaderArgs) {
  return data(await connectedAccountsPage(request), { headers: PRIVATE_PAGE_HEADERS });
}

/** Connect (off to the provider in link mode) or Disconnect (refused when it is the last way to sign in). */
export async function action({ request, context }: Route.ActionArgs) {
  return connectedAccountsAction(request, context);
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Connected accounts",
    description: "Sign in with an account you have elsewhere, and manage your connections.",
  });

function ProviderForm({
  intent,
  provider,
  label,
}: {
  intent: "connect" | "disconnect";
  provider: string;
  label: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("provider") === provider &&
    navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="provider" value={provider} />
      <button type="submit" className={intent === "connect" ? "btn btn-primary" : "btn"} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/**
 * Where Disconnect would be when the connection is the only way to sign in: the reason, and the
 * way out, instead of a button that would only be refused.
 */
function OnlyWayToSignIn() {
  return (
    <p className="max-w-xs text-sm">
      Your only way to sign in, so it stays connected. <Link to="/settings/profile#password">Set a password</Link> or
      connect another provider to be able to disconnect it.
    </p>
  );
}

export default function ConnectedAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { providers, others, message, hasPassword, canDisconnect } = loaderData;
  const error = actionData?.result.error;
  const errors = [
    ...(message ? [message] : []),
    ...(error?.[""] ?? []),
    ...(error?.intent ?? []),
    ...(error?.provider ?? []),
  ];
  return (
    <div className="max-w-2xl">
      <PageTitle>Connected accounts</PageTitle>
      <p className="mt-2 text-muted">
        Sign in with an account you already have elsewhere. Connecting one never shares your reading with it.
      </p>
      <div className="mt-4">
        {/* A refused connection (or a provider's answer) is a new page without JavaScript: its message takes focus. */}
        <FormErrors errors={errors} {...FOCUS_FIRST} />
      </div>
      {providers.length === 0 ? (
        <p className="mt-6 rounded-lg border border-line bg-surface p-4">
          No sign-in providers are set up on this site, so there is nothing to connect.
          {hasPassword ? " You sign in with your email and password." : ""}
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {providers.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-line bg-surface p-4"
            >
              <div>
                <h2 className="font-semibold">{p.name}</h2>
                {p.connection ? (
                  <p className="text-sm text-muted">
                    Connected{p.connection.email ? ` as ${p.connection.email}` : ""} on{" "}
                    <time dateTime={p.connection.createdAt}>{formatDate(p.connection.createdAt)}</time>; last used{" "}
                    <time dateTime={p.connection.lastUsedAt}>{formatDate(p.connection.lastUsedAt)}</time>.
                  </p>
                ) : (
                  <p className="text-sm text-muted">Not connected.</p>
                )}
              </div>
              {p.connection && !canDisconnect ? (
                <OnlyWayToSignIn />
              ) : p.connection ? (
                <ProviderForm intent="disconnect" provider={p.id} label={`Disconnect ${p.name}`} />
              ) : (
                <ProviderForm intent="connect" provider={p.id} label={`Connect ${p.name}`} />
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length ? (
        <section aria-labelledby="others-heading" className="mt-8">
          <SectionTitle id="others-heading">Providers no longer offered</SectionTitle>
          <ul className="mt-3 space-y-3">
            {others.map((o) => (
              <li
                key={o.id}
                className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-line p-4"
              >
                <p>
                  {o.id}
                  {o.email ? ` (${o.email})` : ""}, connected on{" "}
                  <time dateTime={o.createdAt}>{formatDate(o.createdAt)}</time>
                </p>
                {canDisconnect ? (
                  <ProviderForm intent="disconnect" provider={o.id} label={`Disconnect ${o.id}`} />
                ) : (
                  <OnlyWayToSignIn />
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
