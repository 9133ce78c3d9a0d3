// The controls of the reading settings pages: plain radios, selects and
// checkboxes with labels, inside real forms (no JavaScript needed).
import { Form, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/components/form-errors";
import { THEMES, type Theme } from "~/theme/theme";
import {
  FONT_SIZES,
  LETTER_SPACINGS,
  LINE_HEIGHTS,
  MEASURE_HINT,
  MEASURES,
  matchingPreset,
  PARAGRAPH_SPACINGS,
  PRESETS,
  TEXT_ALIGNS,
  WORD_SPACINGS,
} from "./preference-options";
import type { Preferences } from "./preferences";

type Option = { value: string; label: string; hint?: string };

/** Server messages of a refused form (only a tampered form gets them: every choice comes from a fixed list). */
export function useFieldErrors(): Record<string, string[]> {
  const result = useActionData<{ result?: { error?: Record<string, string[] | null> | null } }>()?.result;
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

export function ActionErrors() {
  const errors = useFieldErrors();
  const all = Object.entries(errors).map(([name, messages]) => `${name || "Form"}: ${messages.join(" ")}`);
  return <FormErrors errors={all} />;
}

export function RadioGroup({
  name,
  legend,
  options,
  value,
  idPrefix = "",
}: {
  name: string;
  legend: string;
  options: readonly Option[];
  value: string;
  idPrefix?: string;
}) {
  return (
    <fieldset className="space-y-1">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {options.map((option) => {
        const id = `${idPrefix}${name}-${option.value}`;
        return (
          <div key={option.value} className="flex items-start gap-2">
            <input
              type="radio"
              id={id}
              name={name}
              value={option.value}
              defaultChecked={value === option.value}
              className="mt-1.5 size-5 shrink-0"
              aria-describedby={option.hint ? `${id}-hint` : undefined}
            />
            <label htmlFor={id}>
              {option.label}
              {option.hint ? (
                <span id={`${id}-hint`} className="block text-sm text-muted">
                  {option.hint}
                </span>
              ) : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

export function SelectField({
  name,
  label,
  options,
  value,
  idPrefix = "",
  hint,
}: {
  name: string;
  label: string;
  options: readonly Option[];
  value: string;
  idPrefix?: string;
  /** What the short options mean: a select shows one line, cut at its edge on a phone. */
  hint?: string;
}) {
  const id = `${idPrefix}${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {/* w-full: the column stretched it anyway; a percentage width lets a narrow column shrink
          it below its longest option instead of the page scrolling sideways (issue 40). */}
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="min-h-11 w-full rounded border border-line bg-surface px-2 text-ink"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Checkbox({
  name,
  label,
  hint,
  checked,
}: {
  name: string;
  label: string;
  hint?: string;
  checked: boolean;
}) {
  const id = `pref-${name}`;
  return (
    <div className="flex items-start gap-2">
      <input
        type="checkbox"
        id={id}
        name={name}
        defaultChecked={checked}
        className="mt-1 size-5 shrink-0"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>
        <span className="font-semibold">{label}</span>
        {hint ? (
          <span id={`${id}-hint`} className="block text-sm text-muted">
            {hint}
          </span>
        ) : null}
      </label>
    </div>
  );
}

/** Save and "Reset to defaults": two named submit buttons of the page's own form. */
export function SaveAndReset({ saveLabel = "Save" }: { saveLabel?: string }) {
  return (
    <div className="flex flex-wrap gap-3 pt-2">
      <button type="submit" name="intent" value="save" className="btn btn-primary">
        {saveLabel}
      </button>
      <button type="submit" name="intent" value="reset" formNoValidate className="btn">
        Reset to defaults
      </button>
    </div>
  );
}

/** The presets, one click each: a form of named buttons. */
export function PresetButtons({
  prefs,
  action,
  redirectTo,
}: {
  prefs: Preferences;
  action?: string;
  /** Where the page goes once the preset is applied (the story the reader came from). */
  redirectTo?: string;
}) {
  const current = matchingPreset(prefs);
  return (
    <Form method="post" action={action} className="space-y-2">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="preset" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <fieldset>
        <legend className="mb-2 font-semibold">Presets</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {PRESETS.map((preset) => (
            <li key={preset.id}>
              <button
                type="submit"
                name="preset"
                value={preset.id}
                aria-pressed={current?.id === preset.id}
                aria-describedby={`preset-${preset.id}-hint`}
                className={`btn w-full justify-start text-left ${current?.id === preset.id ? "btn-primary" : ""}`}
              >
                {preset.label}
              </button>
              <p id={`preset-${preset.id}-hint`} className="mt-1 text-sm text-muted">
                {preset.description}
              </p>
            </li>
          ))}
        </ul>
      </fieldset>
    </Form>
  );
}

const THEME_LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };
export const THEME_OPTIONS = THEMES.map((value) => ({ value, label: THEME_LABELS[value] }));

/** The quick settings: theme, font size, line height (the page and the story page's popover share them). */
export function QuickSettingsFields({
  prefs,
  theme,
  idPrefix = "",
}: {
  prefs: Preferences;
  theme: Theme;
  idPrefix?: string;
}) {
  return (
    <div className="space-y-4">
      <RadioGroup name="theme" legend="Theme" options={THEME_OPTIONS} value={theme} idPrefix={idPrefix} />
      <SelectField name="fontSize" label="Font size" options={FONT_SIZES} value={prefs.fontSize} idPrefix={idPrefix} />
      <SelectField
        name="lineHeight"
        label="Line height"
        options={LINE_HEIGHTS}
        value={prefs.lineHeight}
        idPrefix={idPrefix}
      />
    </div>
  );
}

/** The text's spacing and line: the same six fields in Reading Preferences and Preview. */
export function TextLayoutFields({ prefs }: { prefs: Preferences }) {
  return (
    <>
      <SelectField name="lineHeight" label="Line height" options={LINE_HEIGHTS} value={prefs.lineHeight} />
      <SelectField
        name="paragraphSpacing"
        label="Paragraph spacing"
        options={PARAGRAPH_SPACINGS}
        value={prefs.paragraphSpacing}
      />
      <SelectField name="letterSpacing" label="Letter spacing" options={LETTER_SPACINGS} value={prefs.letterSpacing} />
      <SelectField name="wordSpacing" label="Word spacing" options={WORD_SPACINGS} value={prefs.wordSpacing} />
      <SelectField name="measure" label="Line length" options={MEASURES} value={prefs.measure} hint={MEASURE_HINT} />
      <SelectField name="textAlign" label="Text alignment" options={TEXT_ALIGNS} value={prefs.textAlign} />
    </>
  );
}

/** A stable key for a form showing `prefs`: after a save or reset the form remounts with the new values. */
export const formKey = (prefs: Preferences, extra = "") => `${JSON.stringify(prefs)}${extra}`;
