import { describe, expect, it } from "vitest";
import { isPasswordField, resendOf } from "./resend";

describe("resendOf", () => {
  it("reads the fields of a 503 answer's data, and nothing of another shape", () => {
    const resend = { fields: [["email", "a@b.test"]], withoutPasswords: true, withoutFiles: false };
    expect(resendOf({ message: "x", resend })).toEqual(resend);
    expect(resendOf({ message: "x" })).toBeUndefined();
    expect(resendOf(null)).toBeUndefined();
    expect(resendOf({ resend: { fields: "email=a" } })).toBeUndefined();
  });

  it("knows a password field by its name", () => {
    for (const name of ["password", "currentPassword", "newPassword", "confirm-password"])
      expect(isPasswordField(name)).toBe(true);
    for (const name of ["email", "message", "csrf"]) expect(isPasswordField(name)).toBe(false);
  });
});
