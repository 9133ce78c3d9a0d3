import { type FieldMetadata, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { HoneypotInputProps } from "remix-utils/honeypot/server";
import type { z } from "zod";
import { type KeptForm, keptFor } from "~/auth/kept-form";
import { focusRefusal, type Refused, refusalFocus, refusedAt } from "./refusal-focus";

export type { Refused } from "./refusal-focus";

/** What a page with a protected public form passes down: publicFormProps() of its loader. */
export function PublicFormProvider({
  csrf,
  honeypot,
  children,
}: {
  csrf: string;
  honeypot: HoneypotInputProps;
  children: ReactNode;
}) {
  return (
    <AuthenticityTokenProvider token={csrf}>
      <HoneypotContext value={honeypot}>{children}</HoneypotContext>
    </AuthenticityTokenProvider>
  );
}

const HoneypotContext = createContext<Partial<HoneypotInputProps>>({});

/**
 * The honeypot fields remix-utils' server checks (its Honeypot class), written
 * here rather than with its HoneypotInputs: that one marks the field
 * autocomplete="nope", which is no autofill token, and hides it with a <style>
 * inside the form, where HTML allows none (the Nu Html Checker's two errors).
 * The `hidden` attribute hides them without CSS; people never see them, bots do.
 */
function HoneypotFields() {
  const {
    nameFieldName = "name__confirm",
    validFromFieldName = "from__confirm",
    encryptedValidFrom,
  } = useContext(HoneypotContext);
  return (
    <div id={`${nameFieldName}_wrap`} hidden aria-hidden="true">
      <label htmlFor={nameFieldName}>Please leave this field blank</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>Please leave this field blank</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}

/** The hidden fields every protected public form carries: the CSRF token and the honeypot. */
export function ProtectedFields({ honeypot = false }: { honeypot?: boolean }) {
  return (
    <>
      <AuthenticityTokenInput name="csrf" />
      {honeypot ? <HoneypotFields /> : null}
    </>
  );
}

export function Field({
  id,
  label,
  errors,
  children,
  hint,
}: {
  id: string;
  label: string;
  errors?: string[];
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children}
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-accent" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export const inputClass = "w-full rounded border border-line bg-bg px-3 py-2 text-ink";

export { FormErrors } from "./form-errors";

/**
 * conform's constraints for a form's schema, each text field's longest length included, so its
 * input stops where the server's check would: conform's getZodConstraint reads no maximum from
 * zod 4.6's length checks, and a thread's title took 400 characters only to be refused on send.
 */
export function schemaConstraint(schema: z.ZodObject) {
  const constraint = { ...getZodConstraint(schema) };
  for (const [name, field] of Object.entries(schema.shape)) {
    const max = maxLengthOf(field);
    if (max !== null) constraint[name] = { ...constraint[name], maxLength: max };
  }
  return constraint;
}

/** A text field's maximum, through optional, nullable, default and a pipe's input (an email's string). */
function maxLengthOf(field: z.ZodType): number | null {
  const def = field._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  if (def.type === "string") return (field as z.ZodString).maxLength;
  const inner = def.type === "pipe" ? def.in : def.innerType;
  return inner ? maxLengthOf(inner) : null;
}

/**
 * What a reader typed in this form and sent after their session ended, given back once they signed
 * in again (the root loader's `kept`, docs/decisions/058), as the form's last result when no action
 * answered and the kept fields are this form's (`names`): filled, with a message that it was not sent.
 */
export function useKeptResult(
  lastResult: SubmissionResult<string[]> | undefined,
  names: readonly string[],
): SubmissionResult<string[]> | undefined {
  const kept = (useRouteLoaderData("root") as { kept?: KeptForm } | undefined)?.kept;
  const { pathname } = useLocation();
  return lastResult ?? keptFor(kept, pathname, names);
}

/**
 * conform's form state for a form of the site: the same zod schema checks it in the browser (when
 * it is sent, then as each refused field is typed in) and on the server, whose answer arrives as
 * lastResult. The third value says where focus goes when the server refused the form
 * (./refusal-focus): `refused(name)` is spread on the input of the field called `name`, and
 * `refused("")` on the form's FormErrors.
 */
export function useSchemaForm<Schema extends z.ZodObject>(
  id: string,
  schema: Schema,
  lastResult?: SubmissionResult<string[]>,
  { validateInBrowser = true } = {},
) {
  const names = Object.keys(schema.shape);
  lastResult = useKeptResult(lastResult, names);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    constraint: schemaConstraint(schema),
    // A send the browser's check refuses: conform itself focuses the first field it marks.
    onValidate: validateInBrowser ? ({ formData }) => parseWithZod(formData, { schema }) : undefined,
    // A form is first checked when it is sent, never on blur: a message that comes as a field is
    // left moves what is below it, and a pointer pressed on the send button (the press is what
    // blurs the field) was released beside it, so the click was lost (the site settings' Save,
    // under the contact address). Without a browser check, conform would also post a "validate"
    // intent to the action on every blur: real requests that count against the form's rate limit.
    shouldValidate: "onSubmit",
    // Once a field has been checked (or the server answered), it is checked again as the reader
    // types, never on blur: a blur caused by pressing Sign in would otherwise remove a message
    // above the button between mousedown and mouseup, the button would move from under the
    // pointer and the click would be lost (the bug "after one wrong password the next sign-in
    // needs two clicks", docs/decisions/024).
    shouldRevalidate: validateInBrowser ? "onInput" : "onSubmit",
  });
  return [form, fields, useRefused(id, lastResult, names)] as const;
}

/**
 * Where focus goes when the server refused the form `formId` (./refusal-focus), for a form of
 * conform's: useSchemaForm's, or one with a check of its own (the story editor). `order` is the
 * fields' order on the page.
 */
export function useRefused(
  formId: string,
  lastResult: SubmissionResult<string[]> | undefined,
  order: readonly string[],
): Refused {
  const focus = refusalFocus(lastResult?.error, order);
  // With JavaScript the page stays and its pressed button, disabled while the form was sent, had
  // dropped focus to <body>. conform focuses a field the server blamed, not a form's message: a
  // refusal that arrives after the page was first drawn goes where focusRefusal points.
  const firstResult = useRef(lastResult);
  useEffect(() => {
    if (lastResult === firstResult.current || focus === null) return;
    const frame = requestAnimationFrame(() => focusRefusal(document.getElementById(formId) ?? document));
    return () => cancelAnimationFrame(frame);
  }, [lastResult, focus, formId]);
  // Without JavaScript a refused form is a new page: `autofocus` on the first field the server
  // blamed, or on the form's message when it blamed none (a wrong password).
  return refusedAt(focus);
}

/** A new password with its rule shown (registration, reset). */
export function NewPasswordField({
  field,
  label,
  hint,
  autoFocus,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint: string;
  /** From useSchemaForm's `refused`. */
  autoFocus?: boolean;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint}>
      <input
        {...getInputProps(field, { type: "password" })}
        // biome-ignore lint/a11y/noAutofocus: the field of a refused form (no JavaScript needed).
        autoFocus={autoFocus}
        autoComplete="new-password"
        className={inputClass}
      />
    </Field>
  );
}
