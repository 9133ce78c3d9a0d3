import { useState } from "react";
import { data, Form } from "react-router";
import { csrfToken } from "~/auth/csrf.server";
import { PageTitle } from "~/components/page-title";
import { ActionErrors, RadioGroup, SelectField, TextLayoutFields } from "~/preferences/controls";
import { fontFacesCss } from "~/preferences/fonts";
import { InlineCss, PREVIEW_CSS } from "~/preferences/preference-css";
import { FONT_SIZES, FONT_WEIGHTS, TYPEFACES } from "~/preferences/preference-options";
import { preferencesFromSearch } from "~/preferences/preference-schemas";
import {
  type Preferences,
  preferenceDataAttributes,
  preferenceStyle,
  resolvePreferences,
} from "~/preferences/preferences";
import { handlePreferencesAction } from "~/preferences/settings.server";
import { usePreferences } from "~/preferences/use-preferences";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/preview";

/** Without JavaScript the Preview button is a GET: the values to try come in the query (bad ones are dropped). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const trying = preferencesFromSearch(new URL(request.url).searchParams);
  return data({ trying, csrf: await csrfToken(request, context) }, { headers: PRIVATE_PAGE_HEADERS });
}

export function action({ request, context }: Route.ActionArgs) {
  return handlePreferencesAction(request, context, "preview");
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  [...actionHeaders.keys()].length ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Preview",
    description: "See a story passage with your reading settings before you save them.",
  });

const WEB_FACES: Preferences["typeface"][] = ["serif", "sans", "dyslexic"];

export default function PreviewSettings({ loaderData }: Route.ComponentProps) {
  const saved = usePreferences();
  const initial = resolvePreferences({ ...saved, ...loaderData.trying });
  const [draft, setDraft] = useState<Preferences>(initial);
  const [seenQuery, setSeenQuery] = useState(loaderData.trying);
  // A new query (the Preview button with JavaScript on) starts the draft again from it.
  if (seenQuery !== loaderData.trying) {
    setSeenQuery(loaderData.trying);
    setDraft(initial);
  }

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const values = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget))
      if (typeof value === "string") values.append(name, value);
    setDraft(resolvePreferences({ ...saved, ...preferencesFromSearch(values) }));
  }

  return (
    <div className="max-w-3xl">
      {/* One <style>, first in its parent: HTML allows no other place for it in the body. */}
      <InlineCss css={fontFacesCss(WEB_FACES) + PREVIEW_CSS} />
      <PageTitle>Preview</PageTitle>
      <p className="mt-2 text-muted">
        Try settings on a passage first. Preview shows them here only; Save applies them to every page.
      </p>
      <Form method="get" onChange={onChange} className="mt-6 space-y-4 rounded-lg border border-line bg-surface p-card">
        <ActionErrors />
        <RadioGroup name="typeface" legend="Typeface" options={TYPEFACES} value={initial.typeface} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField name="fontSize" label="Font size" options={FONT_SIZES} value={initial.fontSize} />
          <SelectField name="fontWeight" label="Font weight" options={FONT_WEIGHTS} value={initial.fontWeight} />
          <TextLayoutFields prefs={initial} />
        </div>
        <div className="flex flex-wrap gap-3 pt-2">
          <button type="submit" className="btn">
            Preview
          </button>
          {/* The token rides on the Save button alone, so a Preview (a GET) never puts it in the address. */}
          <button type="submit" name="csrf" value={loaderData.csrf} formMethod="post" className="btn btn-primary">
            Save
          </button>
        </div>
      </Form>
      <Form method="post" className="mt-3">
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <button type="submit" name="intent" value="reset" className="btn">
          Reset to defaults
        </button>
      </Form>
      <section aria-labelledby="sample-heading" className="mt-8 rounded-lg border border-line bg-bg p-card">
        <h2 id="sample-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
          Sample passage
        </h2>
        <div
          data-testid="preview-sample"
          className="prose-story preview-sample"
          {...preferenceDataAttributes(draft, { all: true })}
          style={preferenceStyle(draft, { all: true }) as React.CSSProperties}
        >
          <p>
            The lighthouse keeper's log ended on a Tuesday. The last line was written in a steadier hand than the rest,
            as if whoever held the pen had all the time in the world: <em>The lamp is lit. Do not come up.</em>
          </p>
          <p>
            We climbed anyway. One hundred and twelve steps, each one colder than the last, and at the top the lamp was
            lit, turning slowly, throwing its beam across a sea that had gone perfectly still.
          </p>
          <p>
            There was no one in the lamp room. But the chair by the window was warm, and on the sill, drawn in the
            condensation from the inside, was a small hand waving goodbye.
          </p>
        </div>
      </section>
    </div>
  );
}
