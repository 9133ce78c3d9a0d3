import { data, Form } from "react-router";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { csrfToken } from "~/auth/csrf.server";
import { PageTitle } from "~/components/page-title";
import { ActionErrors, formKey, RadioGroup, SaveAndReset } from "~/preferences/controls";
import { FONT_SIZES, FONT_WEIGHTS, TYPEFACES } from "~/preferences/preference-options";
import { handlePreferencesAction } from "~/preferences/settings.server";
import { usePreferences } from "~/preferences/use-preferences";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/fonts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return data({ csrf: await csrfToken(request, context) }, { headers: PRIVATE_PAGE_HEADERS });
}

export function action({ request, context }: Route.ActionArgs) {
  return handlePreferencesAction(request, context, "fonts");
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  [...actionHeaders.keys()].length ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Fonts", description: "Choose the typeface, size and weight of the text you read." });

export default function FontsSettings({ loaderData }: Route.ComponentProps) {
  const prefs = usePreferences();
  return (
    <AuthenticityTokenProvider token={loaderData.csrf}>
      <div className="max-w-2xl">
        <PageTitle>Fonts</PageTitle>
        <p className="mt-2 text-muted">
          Your choice applies to every page at once, also when you are not signed in. The site default downloads no
          font; the others are fetched once, from this site, when you choose them.
        </p>
        <Form
          method="post"
          key={formKey(prefs)}
          className="mt-6 space-y-6 rounded-lg border border-line bg-surface p-card"
        >
          <AuthenticityTokenInput />
          <ActionErrors />
          <RadioGroup name="typeface" legend="Typeface" options={TYPEFACES} value={prefs.typeface} />
          <RadioGroup name="fontSize" legend="Font size" options={FONT_SIZES} value={prefs.fontSize} />
          <RadioGroup name="fontWeight" legend="Font weight" options={FONT_WEIGHTS} value={prefs.fontWeight} />
          <SaveAndReset saveLabel="Save fonts" />
        </Form>
      </div>
    </AuthenticityTokenProvider>
  );
}
