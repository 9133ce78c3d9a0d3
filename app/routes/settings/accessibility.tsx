import { data, Form } from "react-router";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { csrfToken } from "~/auth/csrf.server";
import { PageTitle, SectionTitle } from "~/components/page-title";
import {
  ActionErrors,
  Checkbox,
  formKey,
  PresetButtons,
  RadioGroup,
  SaveAndReset,
  TextLayoutFields,
} from "~/preferences/controls";
import { WARNING_MODES } from "~/preferences/preference-options";
import { handlePreferencesAction } from "~/preferences/settings.server";
import { usePreferences } from "~/preferences/use-preferences";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { CONTENT_WARNINGS } from "~/stories/content-warnings";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/accessibility";

export async function loader({ request, context }: Route.LoaderArgs) {
  return data({ csrf: await csrfToken(request, context) }, { headers: PRIVATE_PAGE_HEADERS });
}

export function action({ request, context }: Route.ActionArgs) {
  return handlePreferencesAction(request, context, "reading");
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  [...actionHeaders.keys()].length ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Reading Preferences",
    description: "Spacing, line length, contrast, motion, links and content warnings, for every reader.",
  });

export default function ReadingPreferences({ loaderData }: Route.ComponentProps) {
  const prefs = usePreferences();
  return (
    <AuthenticityTokenProvider token={loaderData.csrf}>
      <div className="max-w-2xl">
        <PageTitle>Reading Preferences</PageTitle>
        <p className="mt-2 text-muted">
          Spacing, line length, contrast, motion and content warnings. They apply to every page as soon as you save.
        </p>
        <section aria-labelledby="presets-heading" className="mt-6 rounded-lg border border-line bg-surface p-card">
          <SectionTitle id="presets-heading" inCard>
            One click
          </SectionTitle>
          <p className="mb-3 text-sm text-muted">A preset sets the values below; you can adjust them afterwards.</p>
          <PresetButtons prefs={prefs} />
        </section>
        <Form
          method="post"
          key={formKey(prefs)}
          className="mt-6 space-y-6 rounded-lg border border-line bg-surface p-card"
        >
          <AuthenticityTokenInput />
          <ActionErrors />
          <SectionTitle inCard>Text</SectionTitle>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextLayoutFields prefs={prefs} />
          </div>
          <SectionTitle inCard>Display</SectionTitle>
          <div className="space-y-3">
            <Checkbox
              name="highContrast"
              label="High contrast"
              hint="Black text on white (or white on black in the dark theme)."
              checked={prefs.highContrast}
            />
            <Checkbox
              name="reducedMotion"
              label="Reduce motion"
              hint="Turns off every animation of the site, whatever your device says."
              checked={prefs.reducedMotion}
            />
            <Checkbox
              name="underlineLinks"
              label="Underline links"
              hint="Every link underlined, also in menus."
              checked={prefs.underlineLinks}
            />
          </div>
          <SectionTitle inCard>Content warnings</SectionTitle>
          <RadioGroup
            name="contentWarnings"
            legend="Stories with warnings"
            options={WARNING_MODES}
            value={prefs.contentWarnings}
          />
          <fieldset className="space-y-1">
            <legend className="mb-1 font-semibold">Collapse stories that carry</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {CONTENT_WARNINGS.map((warning) => (
                <div key={warning.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    id={`warning-${warning.id}`}
                    name={`warning-${warning.id}`}
                    defaultChecked={prefs.collapsedWarnings.includes(warning.id)}
                    className="size-5"
                  />
                  <label htmlFor={`warning-${warning.id}`}>{warning.label}</label>
                </div>
              ))}
            </div>
          </fieldset>
          <SaveAndReset saveLabel="Save reading preferences" />
        </Form>
      </div>
    </AuthenticityTokenProvider>
  );
}
