// Form schemas of the account settings pages (/settings/profile, /settings/privacy),
// shared by the server and the enhanced client. Username, email and password
// follow the registration rules (app/auth/validation.ts): one copy of each rule.
import { z } from "zod";
import {
  confirmPasswordField,
  currentPasswordField,
  emailField,
  newPasswordField,
  usernameField,
} from "~/auth/validation";
import { OPTIONAL_CATEGORIES } from "~/consent/consent";
import { checkbox } from "~/notifications/notification-preferences";

export const DISPLAY_NAME_MAX = 60;
export const BIO_MAX = 500;

/** Plain text: control characters out (tab and line breaks stay), Windows line ends as "\n", trimmed. */
export function plainText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "")
      .trim()
  );
}

/**
 * An optional text: empty (conform sends an empty input as undefined) means "none" and
 * becomes "". The checks are refinements of the transform, not a pipe into a second
 * z.string(): conform's coercion turns that string's "" into undefined again, and
 * an empty field was refused with "expected string, received undefined" (issue 39).
 */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .optional()
    .transform((v) => plainText(v ?? ""))
    .refine((v) => v.length <= max, `${label}: use at most ${max} characters.`);

export const ProfileSchema = z.object({
  intent: z.literal("profile"),
  username: usernameField,
  displayName: optionalText(DISPLAY_NAME_MAX, "Display name").refine(
    (v) => !/\n/.test(v),
    "Display name: use one line.",
  ),
  bio: optionalText(BIO_MAX, "Bio"),
});

/**
 * Minutes after a sign-in in which an email change needs no password (docs/decisions/032): the
 * only way for an account made through a sign-in provider, which has none.
 */
export const RECENT_SIGN_IN_MINUTES = 5;

/** The new address, and the current password unless the session signed in recently (checked by the server). */
export const EmailChangeSchema = z.object({
  intent: z.literal("email"),
  email: emailField,
  currentPassword: z.string().max(200, "Use at most 200 characters.").optional(),
});

/** A reader with a password changes it; an account without one (made through a sign-in provider) sets one. */
export const PasswordChangeSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: currentPasswordField.optional(),
    newPassword: newPasswordField,
    confirm: confirmPasswordField,
  })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: "The passwords do not match." });

/** An email-change token as the link carries it: 32 random bytes in hex. */
export const EMAIL_TOKEN_PATTERN = /^[a-f0-9]{64}$/;

export const SUBMISSION_CHOICES = ["anonymise", "remove"] as const;
export type SubmissionChoice = (typeof SUBMISSION_CHOICES)[number];

/** Deleting the account: the password (or, without one, the username) typed again, and what becomes of submissions. */
export const DeleteAccountSchema = z.object({
  intent: z.literal("delete"),
  confirmation: z.string({ error: "Type your password to confirm." }).min(1, "Type your password to confirm.").max(200),
  submissions: z.enum(SUBMISSION_CHOICES, { error: "Choose what happens to your stories." }),
});

/**
 * How many sessions /settings/privacy lists (this browser's among them) before "And N more", as
 * Google's and Facebook's device lists do; the rest are one link away (decision 057).
 */
export const SESSIONS_SHOWN = 5;

export const EndSessionSchema = z.object({
  intent: z.literal("end-session"),
  sessionId: z.string({ error: "Choose a session." }).regex(/^[a-z0-9]{1,40}$/i, "Choose a session."),
});

/** The name shown for submissions kept after their author deleted the account. */
export const ANONYMOUS_AUTHOR = "Anonymous";

/** The analytics and cookie choices of /settings/privacy: one checkbox per optional consent category. */
export const PrivacyConsentSchema = z.object({
  intent: z.literal("consent"),
  ...Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, checkbox])),
}) as unknown as z.ZodType<{ intent: "consent" } & Record<(typeof OPTIONAL_CATEGORIES)[number], boolean>>;
