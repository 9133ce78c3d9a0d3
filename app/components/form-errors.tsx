// A form's errors as the server answered them. A module of its own, apart from ./forms: that one
// brings conform and zod (about 35 KB brotli), which a page that only shows an action's errors,
// such as /bookmarks, has no use for in the browser. Where focus goes after a refusal is in
// ./refusal-focus, which only the pages that use it load: this module is in every reader's page.

/**
 * `focus` is for the first HTML of a refused form with no field to blame (./refusal-focus):
 * `{ autoFocus: true, tabIndex: -1 }` there, so the message takes focus without JavaScript.
 */
export function FormErrors({ errors, ...focus }: { errors?: string[]; autoFocus?: boolean; tabIndex?: number }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" {...focus} className="rounded border border-accent bg-surface p-3 font-semibold text-accent">
      {errors.join(" ")}
    </div>
  );
}
