import { describe, expect, it } from "vitest";
import { EmailChangeSchema } from "~/account/account";
import { RegisterSchema, ResetRequestSchema } from "~/auth/validation";
import { ContactSchema, CopyrightClaimSchema } from "~/messages/messages";
import { SiteSettingsSchema } from "~/site/site-settings";
import { EMAIL_TOO_LONG, emailAddress } from "./email-address";

const rule = emailAddress({ required: "Enter it.", invalid: "Not an address." });
const messages = (value: string) => {
  const result = rule.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("an email address", () => {
  it("takes 64 characters before the @ and 254 in all, and no more", () => {
    expect(messages(`${"a".repeat(64)}@horror.test`)).toEqual([]);
    expect(messages(`${"a".repeat(65)}@horror.test`)).toEqual([EMAIL_TOO_LONG]);
    const domain = `${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(60)}.${"g".repeat(50)}.test`;
    expect(messages(`a@${domain}`.slice(0, 254))).not.toContain(EMAIL_TOO_LONG);
    expect(messages(`${"a".repeat(60)}@${"b".repeat(250)}.test`)).toEqual([EMAIL_TOO_LONG]);
    expect(messages("not-an-address")).toEqual(["Not an address."]);
  });

  it("is the rule of every form that takes one", () => {
    const long = `${"a".repeat(65)}@horror.test`;
    const refused = (
      schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
      v: object,
    ) => schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(refused(RegisterSchema, { email: long, username: "someone", password: "long-enough" })).toContain(
      EMAIL_TOO_LONG,
    );
    expect(refused(ResetRequestSchema, { email: long })).toContain(EMAIL_TOO_LONG);
    expect(refused(ContactSchema, { name: "N", email: long, message: "A message long enough." })).toContain(
      EMAIL_TOO_LONG,
    );
    expect(refused(CopyrightClaimSchema, { email: long })).toContain(EMAIL_TOO_LONG);
    expect(refused(SiteSettingsSchema, { contactEmail: long })).toContain(EMAIL_TOO_LONG);
    expect(refused(EmailChangeSchema, { email: long })).toContain(EMAIL_TOO_LONG);
  });
});
