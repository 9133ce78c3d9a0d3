// One rule for an email address, wherever the site takes one (registration, sign-in, email change,
// reset request, contact, copyright claim, admin settings; docs/decisions/056): at most 64
// characters before the "@" and 254 in all (RFC 5321 §4.5.3.1.1 and the RFC 3696 erratum 1690).
import { z } from "zod";

export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_TOO_LONG = `That email address is too long: use at most ${EMAIL_MAX} characters, and ${EMAIL_LOCAL_MAX} before the @.`;

const localPartFits = (value: string) => {
  const at = value.lastIndexOf("@");
  return at < 0 || at <= EMAIL_LOCAL_MAX;
};

/**
 * A trimmed email address within the lengths, then checked for its form with `invalid`. The
 * input's maxlength follows from the `.max` (schemaConstraint, app/components/forms.tsx).
 */
export function emailAddress({
  required,
  invalid,
  lowercase = false,
}: {
  required: string;
  invalid: string;
  lowercase?: boolean;
}) {
  const trimmed = z.string({ error: required }).trim();
  return (lowercase ? trimmed.toLowerCase() : trimmed)
    .max(EMAIL_MAX, EMAIL_TOO_LONG)
    .refine(localPartFits, EMAIL_TOO_LONG)
    .pipe(z.email(invalid));
}
