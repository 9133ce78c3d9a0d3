// Form schemas shared by the server and the enhanced client (spec §5 leaves
// sign-in and registration rules open; these are the issue's).
import { z } from "zod";
import { emailAddress } from "~/utils/email-address";

export const emailField = emailAddress({
  required: "Enter your email address.",
  invalid: "Enter a valid email address.",
  lowercase: true,
});
export const currentPasswordField = z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(200);
export const NEW_PASSWORD_MIN = 8;
export const newPasswordField = z
  .string({ error: "Choose a password." })
  .min(NEW_PASSWORD_MIN, `Use at least ${NEW_PASSWORD_MIN} characters.`)
  .max(200, "Use at most 200 characters.");

/** The new password typed again: its own message when left empty, not zod's "expected string". */
export const confirmPasswordField = z
  .string({ error: "Type the new password again." })
  .min(1, "Type the new password again.")
  .max(200, "Use at most 200 characters.");

export const LoginSchema = z.object({
  email: emailField,
  password: currentPasswordField,
  remember: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false),
  redirectTo: z.string().optional(),
});

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
const USERNAME_LENGTH = `Use ${USERNAME_MIN} to ${USERNAME_MAX} characters.`;

/** Registration's username rule, also used when a reader changes it (/settings/profile). */
export const usernameField = z
  .string({ error: "Choose a username." })
  .trim()
  .min(USERNAME_MIN, USERNAME_LENGTH)
  .max(USERNAME_MAX, USERNAME_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/, "Use only letters, digits, - and _.");

export const RegisterSchema = z.object({
  email: emailField,
  username: usernameField,
  password: newPasswordField,
  redirectTo: z.string().optional(),
});

export const ResetRequestSchema = z.object({ email: emailField });

/** A password-reset token as the link carries it: 32 random bytes in hex (reset.server.ts). */
export const RESET_TOKEN_PATTERN = /^[a-f0-9]{64}$/;

export const ResetPasswordSchema = z
  .object({
    token: z.string().regex(RESET_TOKEN_PATTERN, "This reset link is not valid."),
    password: newPasswordField,
    confirm: confirmPasswordField,
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The passwords do not match." });
