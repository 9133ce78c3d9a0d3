import { Form, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { CATEGORY_LABELS as LABELS, OPTIONAL_CATEGORIES, type OptionalCategory } from "~/consent/consent";
import type { loader as rootLoader } from "~/root";
import { submitInPlace } from "~/utils/forms";
import { routeMeta } from "~/utils/meta";
import { useHydrated } from "~/utils/use-hydrated";
import type { Route } from "./+types/cookie-management";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Cookie management", description: "Choose which cookies Horror Stories may set." });

export default function CookieManagement() {
  const consent = useRouteLoaderData<typeof rootLoader>("root")?.consent ?? null;
  const location = useLocation();
  const here = location.pathname;
  return (
    <div className="mx-auto max-w-2xl">
      <PageTitle>Cookie management</PageTitle>
      <p className="mt-2 text-muted">
        {consent ? `Your choice from ${new Date(consent.lastUpdated).toUTCString()}.` : "You have not chosen yet."}{" "}
        Essential cookies (your session, form security, this choice) are always on.
      </p>
      <ul className="mt-6 space-y-3">
        {OPTIONAL_CATEGORIES.map((category) => {
          const on = consent?.[category] ?? false;
          return (
            <li
              key={category}
              className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-line bg-surface p-4"
            >
              {/* The switch (and its Save button without JavaScript) goes under the text when both do not fit. */}
              <div className="grow basis-32">
                <h2 className="font-semibold">{LABELS[category].name}</h2>
                <p className="text-sm text-muted">{LABELS[category].text}</p>
              </div>
              <CategorySwitch category={category} on={on} redirectTo={here} />
            </li>
          );
        })}
      </ul>
      <SectionTitle className="mt-10">Choose several at once</SectionTitle>
      <Form method="post" action="/cookie-consent" className="mt-3 space-y-2">
        <input type="hidden" name="redirectTo" value={here} />
        <input type="hidden" name="choice" value="custom" />
        <fieldset className="space-y-2">
          <legend className="sr-only">Optional cookies</legend>
          {OPTIONAL_CATEGORIES.map((category) => (
            <div key={category} className="flex items-center gap-2">
              <input
                type="checkbox"
                id={`custom-${category}`}
                name={category}
                defaultChecked={consent?.[category] ?? false}
                className="size-5"
              />
              <label htmlFor={`custom-${category}`}>{LABELS[category].name}</label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          Save my choice
        </button>
      </Form>
    </div>
  );
}

/**
 * One category's switch: a checkbox (role="switch") in a form of its own. With
 * JavaScript a change saves at once, in place; without it the Save button
 * beside it posts the form and the action redirects back. (A submit button
 * cannot be a switch in HTML: the Nu Html Checker refuses role="switch" on it.)
 */
function CategorySwitch({ category, on, redirectTo }: { category: OptionalCategory; on: boolean; redirectTo: string }) {
  const fetcher = useFetcher({ key: `consent-${category}` });
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("category") === category ? fetcher.formData.get("enabled") === "on" : null;
  const checked = pending ?? on;
  const id = `consent-${category}`;
  return (
    <fetcher.Form
      method="post"
      action="/cookie-consent"
      onSubmit={submitInPlace(fetcher, "/cookie-consent")}
      className="flex items-center gap-2"
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="choice" value="set" />
      <input type="hidden" name="category" value={category} />
      <label htmlFor={id} className="sr-only">
        {LABELS[category].name}
      </label>
      <input
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: the checkbox's own state is the switch's; HTML forbids aria-checked on it
        role="switch"
        id={id}
        name="enabled"
        // Unchecked by the reader, not by React: the box changes at once, and a
        // new choice from the server (key) starts it again from there.
        key={String(on)}
        defaultChecked={on}
        onChange={(event) => {
          if (hydrated) event.currentTarget.form?.requestSubmit();
        }}
        className="size-5"
      />
      <span aria-hidden="true" className="w-8 text-sm">
        {checked ? "On" : "Off"}
      </span>
      {hydrated ? null : (
        <button type="submit" className="btn" aria-label={`Save ${LABELS[category].name}`}>
          Save
        </button>
      )}
    </fetcher.Form>
  );
}
