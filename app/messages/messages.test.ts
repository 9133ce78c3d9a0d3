import { describe, expect, it } from "vitest";
import { ContactSchema, CopyrightClaimSchema } from "./messages";

const claim = {
  name: "Ines Hollow",
  email: "ines@horror.test",
  work: "The Drowned Choir, my story from 2019",
  location: "https://copycat.example/drowned-choir",
  goodFaith: "on",
  accurate: "on",
};

describe("the contact and copyright forms", () => {
  it("takes a message and trims it", () => {
    const parsed = ContactSchema.parse({ name: " Mara ", email: "mara@horror.test", message: "  Long enough here  " });
    expect(parsed).toEqual({ name: "Mara", email: "mara@horror.test", message: "Long enough here" });
  });

  it.each([
    [{ name: "", email: "mara@horror.test", message: "Long enough here" }, "Tell us your name."],
    [{ name: "Mara", email: "not-an-email", message: "Long enough here" }, "Enter a valid email address"],
    [{ name: "Mara", email: "mara@horror.test", message: "short" }, "at least 10 characters"],
    // A name or subject of two lines made header-like lines ("Bcc: …") in the mail staff read (audit c).
    [{ name: "Eve\r\nBcc: victim@x.test", email: "eve@horror.test", message: "Long enough here" }, "one line"],
    [{ name: "Eve", email: "eve@horror.test", subject: "hi\nBcc: v@x.test", message: "Long enough here" }, "one line"],
  ])("refuses %j", (input, message) => {
    const result = ContactSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it("accepts a claim with all five parts, both statements made", () => {
    expect(CopyrightClaimSchema.parse(claim)).toMatchObject({ goodFaith: true, accurate: true });
  });

  it.each([
    ["goodFaith", "The good-faith statement is required for a claim."],
    ["accurate", "The accuracy statement is required for a claim."],
  ] as const)("refuses a claim without the %s statement", (field, message) => {
    const { [field]: _left, ...rest } = claim;
    expect(CopyrightClaimSchema.safeParse(rest).error?.issues.map((i) => i.message)).toEqual([message]);
    expect(CopyrightClaimSchema.safeParse({ ...rest, [field]: "yes" }).success).toBe(false);
  });
});
