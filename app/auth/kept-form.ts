// What a signed-in reader typed in a form sent after their session ended, given back to that form
// once they sign in again (docs/decisions/058). The server keeps it (./kept-form.server.ts); this
// module is what the pages share: the cookie's name, the words, and the form kit's reading of it.
import type { SubmissionResult } from "@conform-to/react";

/** The kept form's cookie: a random value whose hash names the row. Only the server and the cookie policy name it. */
export const KEPT_FORM_COOKIE = "hs_kept";

/** The fields as kept: a name's one value, or its values in order (a list of checkboxes). */
export type KeptFields = Record<string, string | string[]>;

/** Fields every form may carry besides its schema's: the button that sent it. */
const BUTTON_FIELDS = new Set(["intent"]);

export const KEPT_FORM_MESSAGE =
  "This was not sent: you were signed out before it went. What you wrote is back in the form; send it again when you are ready.";

/**
 * The kept fields as a form's last result (conform fills the form with `initialValue` and shows the
 * form-level message), when they belong to this form: at least one of its fields, and none it does
 * not have (other than the button's). Else undefined: the kept text is some other form's.
 */
export function keptResult(
  kept: KeptFields | null | undefined,
  names: readonly string[],
): SubmissionResult<string[]> | undefined {
  if (!kept) return undefined;
  const own = new Set(names);
  const sent = Object.keys(kept);
  if (!sent.some((name) => own.has(name))) return undefined;
  if (!sent.every((name) => own.has(name) || BUTTON_FIELDS.has(name))) return undefined;
  return { status: "error", initialValue: kept, error: { "": [KEPT_FORM_MESSAGE] } };
}
