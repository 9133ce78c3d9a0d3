// What a signed-in reader typed in a form sent after their session ended, given back to that form
// once they sign in again (docs/decisions/058). The server keeps it (./kept-form.server.ts); this
// module is the form kit's reading of it (the cookie's name is in ./kept-form-cookie-name.ts).
import type { SubmissionResult } from "@conform-to/react";

/** The fields as kept: a name's one value, or its values in order (a list of checkboxes). */
export type KeptFields = Record<string, string | string[]>;

/**
 * What the root loader hands a signed-in reader's page (docs/decisions/058): the path the form was
 * sent to, and the form's last result as conform reads it (filled, with its message), built on the
 * server so that the words travel with the data, not in every form page's JavaScript.
 */
export type KeptForm = { path: string; result: SubmissionResult<string[]> };

/**
 * The kept result for this page's form, when the kept fields are its own: at least one of its
 * fields, and none it does not have (other than the button's `intent`). Else undefined: the kept
 * text is another page's, or another form's.
 */
export function keptFor(
  kept: KeptForm | undefined,
  path: string,
  names: readonly string[],
): SubmissionResult<string[]> | undefined {
  if (kept?.path !== path) return undefined;
  const sent = Object.keys(kept.result.initialValue ?? {});
  return sent.some((name) => names.includes(name)) && sent.every((name) => names.includes(name) || name === "intent")
    ? kept.result
    : undefined;
}
