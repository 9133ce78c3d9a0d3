import { data, Form } from "react-router";
import { ActionErrors, formKey, RadioGroup, SaveAndReset } from "~/preferences/controls";
import { FONT_SIZES, FONT_WEIGHTS, TYPEFACES } from "~/preferences/preferences";
import { handlePreferencesAction } from "~/preferences/settings.server";
import { usePreferences } from "~/preferences/use-preferences";
import { routeMeta } from "~/utils/meta";
import { PRIVATE_PAGE_HEADERS } from "../../../server/http-cache";
import type { Route } from "./+types/fonts";

export function loader() {
  return data(null, { headers: PRIVATE_PAGE_HEADERS });
}

export function action({ request }: Route.ActionArgs) {
  return handlePreferencesAction(request, "fonts");
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  [...actionHeaders.keys()].length ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Fonts", description: "Choose the typeface, size and weight of the text you read." });

export default function FontsSettings() {
  const prefs = usePreferences();
  return (
    <div className="max-w-2xl">
      <h1 className="font-serif text-4xl font-bold">Fonts</h1>
      <p className="mt-2 text-muted">
        Your choice applies to every page at once, also when you are not signed in. The site default downloads no font;
        the others are fetched once, from this site, when you choose them.
      </p>
      <Form method="post" key={formKey(prefs)} className="mt-6 space-y-6 rounded-lg border border-line bg-surface p-6">
        <ActionErrors />
        <RadioGroup name="typeface" legend="Typeface" options={TYPEFACES} value={prefs.typeface} />
        <RadioGroup name="fontSize" legend="Font size" options={FONT_SIZES} value={prefs.fontSize} />
        <RadioGroup name="fontWeight" legend="Font weight" options={FONT_WEIGHTS} value={prefs.fontWeight} />
        <SaveAndReset saveLabel="Save fonts" />
      </Form>
    </div>
  );
}
