import { Form, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { CATEGORY_LABELS as LABELS, OPTIONAL_CATEGORIES } from "~/consent/consent";
import type { loader as rootLoader } from "~/root";
import { submitInPlace } from "~/utils/forms";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/cookie-management";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Cookie management", description: "Choose which cookies Horror Stories may set." });

export default function CookieManagement() {
  const consent = useRouteLoaderData<typeof rootLoader>("root")?.consent ?? null;
  const location = useLocation();
  const toggle = useFetcher({ key: "consent-toggle" });
  const here = location.pathname;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="font-serif text-4xl font-bold">Cookie management</h1>
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
              className="flex items-center justify-between gap-4 rounded-lg border border-line bg-surface p-4"
            >
              <div>
                <h2 className="font-semibold">{LABELS[category].name}</h2>
                <p className="text-sm text-muted">{LABELS[category].text}</p>
              </div>
              <toggle.Form method="post" action="/cookie-consent" onSubmit={submitInPlace(toggle, "/cookie-consent")}>
                <input type="hidden" name="redirectTo" value={here} />
                <input type="hidden" name="category" value={category} />
                <button
                  type="submit"
                  name="choice"
                  value="toggle"
                  role="switch"
                  aria-checked={on}
                  aria-label={LABELS[category].name}
                  className={`btn ${on ? "btn-primary" : ""}`}
                >
                  {on ? "On" : "Off"}
                </button>
              </toggle.Form>
            </li>
          );
        })}
      </ul>
      <h2 className="mt-10 font-serif text-2xl font-bold">Choose several at once</h2>
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
