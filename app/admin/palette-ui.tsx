// The palette form of /admin/themes, with its preview and contrast report. A plain form: it
// works without JS. The categories and tags are in terms-ui.tsx.
import type { CSSProperties } from "react";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { inputClass } from "~/components/forms";
import { SectionTitle } from "~/components/page-title";
import { FOCUS_FIRST, refusalFocus } from "~/components/refusal-focus";
import { ScrollX } from "~/components/scroll-x";
import {
  effectiveColors,
  PALETTE_TOKENS,
  type PairResult,
  type Palette,
  type ThemeColors,
  TOKEN_LABELS,
} from "~/theme/palette";
import type { ThemesActionData } from "./themes-actions.server";

// Layout that only these admin pages use goes in style attributes: every utility class
// joins the stylesheet each reader's page inlines (decision 003, the 14 KB budget).

type Values = Record<string, string>;

export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-semibold text-accent">
      {messages.join(" ")}
    </p>
  );
}

function ColorField({
  name,
  label,
  value,
  errors,
  focus,
}: {
  name: string;
  label: string;
  value: string;
  errors?: string[];
  /** The name refusalFocus chose: this field takes `autofocus` when it is its own. */
  focus: string | null;
}) {
  const id = `f-${name.replace(".", "-")}`;
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <span
          aria-hidden="true"
          className="block size-6 shrink-0 rounded border border-line"
          style={{ background: /^#[0-9a-fA-F]{6}$/.test(value) ? value : "transparent" }}
        />
        <input
          id={id}
          name={name}
          defaultValue={value}
          className={inputClass}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
          // biome-ignore lint/a11y/noAutofocus: the first field a refused save names (no JavaScript needed).
          autoFocus={focus === name}
        />
      </div>
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

/** A small page in the proposed colours: set as custom properties on the box, read by the same classes. */
function PreviewBox({ title, colors }: { title: string; colors: ThemeColors }) {
  const style = {
    "--c-bg": colors.bg,
    "--c-surface": colors.surface,
    "--c-ink": colors.ink,
    "--c-muted": colors.muted,
    "--c-accent": colors.accent,
    "--c-accent-ink": colors.accentInk,
    "--c-line": colors.line,
  } as CSSProperties;
  return (
    <div style={style} className="rounded border border-line bg-bg p-4 text-ink">
      <p className="font-serif text-lg font-bold">{title}</p>
      <p className="mt-1">
        Body text with <a href="#palette-title">a link to the palette</a>.
      </p>
      <div className="mt-2 rounded border border-line bg-surface p-3">
        <p>A story card.</p>
        <p className="text-sm text-muted">Secondary text · 7 min read</p>
      </div>
      <span className="mt-3 block w-32 rounded bg-accent px-3 py-2 font-semibold text-accent-ink">A button</span>
    </div>
  );
}

function ContrastTable({ pairs }: { pairs: PairResult[] }) {
  return (
    <ScrollX label="Contrast of every checked pair" className="mt-4">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-semibold">Contrast of every checked pair (WCAG 2.1 AA)</caption>
        <thead>
          <tr>
            <th scope="col">Theme</th>
            <th scope="col">Colour</th>
            <th scope="col">On</th>
            <th scope="col">Ratio</th>
            <th scope="col">Needs</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((p) => (
            <tr key={`${p.theme}-${p.fg}-${p.bg}-${p.kind}`} className="border-t border-line">
              <td className="py-1">{p.theme}</td>
              <td>
                {TOKEN_LABELS[p.fg]} {p.fgColor}
              </td>
              <td>
                {TOKEN_LABELS[p.bg]} {p.bgColor}
              </td>
              <td>{p.ratio.toFixed(2)}:1</td>
              <td>
                {p.required}:1 ({p.kind === "text" ? "text" : "UI"})
              </td>
              <td>{p.passes ? "passes" : <strong>fails</strong>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollX>
  );
}

/** The values the form shows: what was just sent (kept after a refusal), else the saved palette. */
function valuesOf(palette: Palette, sent?: Values): Values {
  const values: Values = {};
  for (const theme of ["light", "dark"] as const) {
    for (const token of PALETTE_TOKENS) values[`${theme}.${token}`] = palette[theme][token];
  }
  values["seasonal.name"] = palette.seasonal.name;
  values["seasonal.light"] = palette.seasonal.light;
  values["seasonal.dark"] = palette.seasonal.dark;
  values["seasonal.enabled"] = palette.seasonal.enabled ? "on" : "";
  if (sent) {
    Object.assign(values, sent);
    if (!("seasonal.enabled" in sent)) values["seasonal.enabled"] = "";
  }
  return values;
}

export function PaletteSection({
  palette,
  result,
  isDefault,
}: {
  palette: Palette;
  result: Extract<ThemesActionData, { form: "palette" }> | null;
  isDefault: boolean;
}) {
  const values = valuesOf(palette, result?.values);
  const errors = result?.fieldErrors ?? {};
  // Shown for a preview only: a refused save lists its failing pairs instead of drawing them.
  const proposed: Palette | null =
    result && result.intent === "preview" && result.pairs.length
      ? {
          light: Object.fromEntries(PALETTE_TOKENS.map((t) => [t, values[`light.${t}`] ?? ""])) as ThemeColors,
          dark: Object.fromEntries(PALETTE_TOKENS.map((t) => [t, values[`dark.${t}`] ?? ""])) as ThemeColors,
          seasonal: {
            enabled: values["seasonal.enabled"] === "on",
            name: values["seasonal.name"] ?? "",
            light: values["seasonal.light"] ?? "",
            dark: values["seasonal.dark"] ?? "",
          },
        }
      : null;
  const refusedSave = result?.intent === "save" && result.failures.length > 0;
  const focus = refusalFocus(errors, [
    ...(["light", "dark"] as const).flatMap((theme) => PALETTE_TOKENS.map((token) => `${theme}.${token}`)),
    "seasonal.name",
    "seasonal.light",
    "seasonal.dark",
  ]);
  // The form is remounted with what was sent, so every field shows it again (JS on and off alike).
  const key = JSON.stringify(values);
  return (
    <section aria-labelledby="palette-title" className="mt-6">
      <SectionTitle id="palette-title">Site palette</SectionTitle>
      <p className="mt-1 text-muted">
        The colours of the light and dark themes, and a seasonal accent. Preview shows them here without saving; a
        palette is saved only when every pair of colours read together passes WCAG AA contrast (4.5:1 for text, 3:1 for
        the focus indicator and buttons).{" "}
        {isDefault ? "The site uses the default palette." : "The site uses a saved palette."}
      </p>
      {result?.failures.length ? (
        <div
          role="alert"
          className="mt-4 rounded border border-accent p-3"
          // A refused save has no one field to blame: focus comes here (a preview is no refusal).
          {...(refusedSave && focus === null ? FOCUS_FIRST : {})}
        >
          <p className="font-semibold">
            {result.intent === "save"
              ? "The palette was not saved: these pairs fail WCAG AA contrast."
              : "These pairs fail WCAG AA contrast: the palette cannot be saved like this."}
          </p>
          <ul className="mt-2 list-disc pl-6">
            {result.failures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {Object.keys(errors).length ? (
        <p role="alert" className="mt-4 font-semibold text-accent">
          Some colours could not be read: see the fields below.
        </p>
      ) : null}
      <Form method="post" key={key} className="mt-4" aria-labelledby="palette-title">
        <AuthenticityTokenInput name="csrf" />
        {/* The two themes side by side, and each theme's colours in columns, only where the form's
            own width has room for them (a container query, and as many columns of 8.5rem as fit):
            at 768 px the sidebar leaves the page 480 px, where four columns cut "#f6efe3" to "#f6e". */}
        <div className="@container">
          <div className="grid gap-5 @2xl:grid-cols-2">
            {(["light", "dark"] as const).map((theme) => (
              <fieldset key={theme} className="rounded border border-line p-3">
                <legend className="px-1 font-semibold">{theme === "light" ? "Light theme" : "Dark theme"}</legend>
                <div className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-3">
                  {PALETTE_TOKENS.map((token) => (
                    <ColorField
                      key={token}
                      name={`${theme}.${token}`}
                      label={`${theme === "light" ? "Light" : "Dark"}: ${TOKEN_LABELS[token]}`}
                      value={values[`${theme}.${token}`] ?? ""}
                      errors={errors[`${theme}.${token}`]}
                      focus={focus}
                    />
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        </div>
        <fieldset className="mt-4 rounded border border-line p-3">
          <legend className="px-1 font-semibold">Seasonal accent</legend>
          <p className="text-sm text-muted">While on, it replaces the accent of both themes.</p>
          <label className="mt-2 flex items-center gap-2">
            <input
              type="checkbox"
              name="seasonal.enabled"
              defaultChecked={values["seasonal.enabled"] === "on"}
              className="size-5 shrink-0"
            />
            Use the seasonal accent
          </label>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <div className="flex flex-col">
              <label htmlFor="f-seasonal-name" className="text-sm font-semibold">
                Season name
              </label>
              <input
                id="f-seasonal-name"
                name="seasonal.name"
                defaultValue={values["seasonal.name"]}
                className={`${inputClass} mt-1`}
                aria-invalid={errors["seasonal.name"] ? true : undefined}
                aria-describedby={errors["seasonal.name"] ? "f-seasonal-name-error" : undefined}
                // biome-ignore lint/a11y/noAutofocus: the first field a refused save names (no JavaScript needed).
                autoFocus={focus === "seasonal.name"}
              />
              <FieldError id="f-seasonal-name-error" messages={errors["seasonal.name"]} />
            </div>
            <ColorField
              name="seasonal.light"
              label="Seasonal accent, light theme"
              value={values["seasonal.light"] ?? ""}
              errors={errors["seasonal.light"]}
              focus={focus}
            />
            <ColorField
              name="seasonal.dark"
              label="Seasonal accent, dark theme"
              value={values["seasonal.dark"] ?? ""}
              errors={errors["seasonal.dark"]}
              focus={focus}
            />
          </div>
        </fieldset>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" name="intent" value="preview" className="btn">
            Preview
          </button>
          <button type="submit" name="intent" value="save" className="btn btn-primary">
            Save palette
          </button>
        </div>
      </Form>
      {proposed ? (
        <div id="palette-preview" className="mt-6">
          <h3 className="font-serif text-xl font-bold">Preview (not saved)</h3>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <PreviewBox title="Light theme" colors={effectiveColors(proposed, "light")} />
            <PreviewBox title="Dark theme" colors={effectiveColors(proposed, "dark")} />
          </div>
          <ContrastTable pairs={result?.pairs ?? []} />
        </div>
      ) : null}
      {isDefault ? null : (
        <Form method="post" className="mt-4">
          <AuthenticityTokenInput name="csrf" />
          <button type="submit" name="intent" value="reset" className="btn">
            Back to the default palette
          </button>
        </Form>
      )}
    </section>
  );
}
