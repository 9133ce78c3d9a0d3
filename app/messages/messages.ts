// The contact form (/contact) and the copyright claim form (/legal/copyright).
import { z } from "zod";
import { EMAIL_MAX, emailAddress } from "~/utils/email-address";

/**
 * The longest each field may be: one copy of each number, for the schema's check and its message
 * (the inputs' maxlength follows from the schema: schemaConstraint, app/components/forms.tsx).
 */
export const MESSAGE_LIMITS = { name: 100, email: EMAIL_MAX, subject: 200, text: 5000, location: 2000 } as const;

/**
 * One line: the mail to the site puts a name and a subject on lines of their own ("From: …"), where a
 * line break made header-like lines ("Bcc: …") in what staff read. A text input never sends one.
 */
const ONE_LINE = /^[^\r\n]*$/;

const name = z
  .string({ error: "Tell us your name." })
  .trim()
  .min(1, "Tell us your name.")
  .max(MESSAGE_LIMITS.name, `Please keep your name under ${MESSAGE_LIMITS.name} characters.`)
  .regex(ONE_LINE, "Write your name on one line.");
const email = emailAddress({
  required: "Enter your email address, so we can answer.",
  invalid: "Enter a valid email address, such as name@example.com.",
});
const longText = (required: string, short: string, min: number) =>
  z
    .string({ error: required })
    .trim()
    .min(min, short)
    .max(MESSAGE_LIMITS.text, `Please keep it under ${MESSAGE_LIMITS.text} characters.`);

export const ContactSchema = z.object({
  name,
  email,
  subject: z
    .string()
    .trim()
    .max(MESSAGE_LIMITS.subject, `Please keep the subject under ${MESSAGE_LIMITS.subject} characters.`)
    .regex(ONE_LINE, "Write the subject on one line.")
    .optional(),
  message: longText("Write your message.", "Please write a little more (at least 10 characters).", 10),
});

/** conform sends a checked box as "on" and leaves an unchecked one out. */
const statement = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => value === "on", message)
    .transform(() => true as const);

export const CopyrightClaimSchema = z.object({
  name,
  email,
  work: longText(
    "Describe the work you say was copied.",
    "Describe the work a little more (at least 10 characters).",
    10,
  ),
  location: z
    .string({ error: "Tell us where the copy is." })
    .trim()
    .min(3, "Tell us where the copy is: its address on this site or elsewhere.")
    .max(MESSAGE_LIMITS.location, `Please keep the location under ${MESSAGE_LIMITS.location} characters.`),
  details: z
    .string()
    .trim()
    .max(MESSAGE_LIMITS.text, `Please keep it under ${MESSAGE_LIMITS.text} characters.`)
    .optional(),
  goodFaith: statement("The good-faith statement is required for a claim."),
  accurate: statement("The accuracy statement is required for a claim."),
});

export const CONTACT_SENT = {
  title: "Message sent",
  description: "Thank you for writing. We answer within a few days.",
} as const;
export const CLAIM_SENT = {
  title: "Claim received",
  description: "We will look into it and answer by email.",
} as const;

export const GOOD_FAITH_STATEMENT =
  "I believe in good faith that the use of the work described above is not authorised by its owner or by law.";
export const ACCURACY_STATEMENT =
  "The information in this claim is accurate, and I am the owner of the work or allowed to act for the owner.";
