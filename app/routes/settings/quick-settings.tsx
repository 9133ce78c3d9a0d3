import { data, Form, Link } from "react-router";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { csrfToken } from "~/auth/csrf.server";
import { PageTitle } from "~/components/page-title";
import { ActionErrors, formKey, PresetButtons, QuickSettingsFields, SaveAndReset } from "~/preferences/controls";
import { handlePreferencesAction } from "~/preferences/settings.server";
import { usePreferences } from "~/preferences/use-preferences";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { useTheme } from "~/theme/theme-toggle";
import { routeMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/redirect";
import type { Route } from "./+types/quick-settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The story's "Reading settings" before its script runs (or without one) links here with the
  // story's address: the page leads back to it, and a saved change returns there.
  const from = safeRedirectPath(new URL(request.url).searchParams.get("from"), "");
  return data({ csrf: await csrfToken(request, context), from: from || null }, { headers: PRIVATE_PAGE_HEADERS });
}

/** Also the target of the story page's popover, which fetches its CSRF token when it opens (docs/decisions/011). */
export function action({ request, context }: Route.ActionArgs) {
  return handlePreferencesAction(request, context, "quick");
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  [...actionHeaders.keys()].length ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Quick Settings", description: "Theme, font size, line height and presets on one page." });

export default function QuickSettings({ loaderData }: Route.ComponentProps) {
  const prefs = usePreferences();
  const theme = useTheme();
  const { from } = loaderData;
  const back = from ? <input type="hidden" name="redirectTo" value={from} /> : null;
  return (
    <AuthenticityTokenProvider token={loaderData.csrf}>
      <div className="max-w-2xl">
        {from ? (
          <p className="mb-4">
            <Link to={from}>← Back to the story</Link>
          </p>
        ) : null}
        <PageTitle>Quick Settings</PageTitle>
        <p className="mt-2 text-muted">
          The settings readers change most. More in <Link to="/settings/fonts">Fonts</Link> and{" "}
          <Link to="/settings/accessibility">Reading Preferences</Link>.
        </p>
        <Form
          method="post"
          key={formKey(prefs, theme)}
          className="mt-6 space-y-4 rounded-lg border border-line bg-surface p-card"
        >
          <AuthenticityTokenInput />
          {back}
          <ActionErrors />
          <QuickSettingsFields prefs={prefs} theme={theme} />
          <SaveAndReset />
        </Form>
        <section aria-label="Presets" className="mt-6 rounded-lg border border-line bg-surface p-card">
          <PresetButtons prefs={prefs} redirectTo={from ?? undefined} />
        </section>
      </div>
    </AuthenticityTokenProvider>
  );
}
