import { describe, expect, it } from "vitest";
import {
  DEFAULT_PREFERENCES,
  inDigest,
  kindOfType,
  NotificationPreferencesSchema,
  preferencesFromForm,
  wants,
} from "./notification-preferences";

describe("notification preferences", () => {
  it("defaults: everything in the site, the cursed notification on, email only for moderation decisions", () => {
    for (const kind of ["new-story", "reply", "moderation", "announcement", "cursed"] as const) {
      expect(wants(DEFAULT_PREFERENCES, kind, "site")).toBe(true);
      expect(wants(DEFAULT_PREFERENCES, kind, "email")).toBe(kind === "moderation");
    }
  });

  it("email counts only with the daily digest on; the cursed notification is never mailed", () => {
    const p = { ...DEFAULT_PREFERENCES, email: { ...DEFAULT_PREFERENCES.email, reply: true } };
    expect(wants(p, "reply", "email")).toBe(false);
    const daily = { ...p, digest: "daily" as const };
    expect(wants(daily, "reply", "email")).toBe(true);
    expect(inDigest(daily, "reply")).toBe(true);
    expect(inDigest(daily, "moderation")).toBe(false);
    expect(wants(daily, "cursed", "email")).toBe(false);
    expect(wants({ ...daily, cursed: false }, "cursed", "site")).toBe(false);
  });

  it("a moderation decision is mailed at once when ticked, digest or not, and never again in the digest", () => {
    const p = { ...DEFAULT_PREFERENCES, email: { ...DEFAULT_PREFERENCES.email, moderation: true } };
    expect(wants(p, "moderation", "email")).toBe(true);
    expect(wants({ ...p, digest: "daily" }, "moderation", "email")).toBe(true);
    expect(inDigest({ ...p, digest: "daily" }, "moderation")).toBe(false);
  });

  it("reads the form: unticked boxes are off, the digest must be daily or off", () => {
    const parsed = NotificationPreferencesSchema.safeParse({
      "site-reply": "on",
      "email-reply": "on",
      digest: "daily",
    });
    expect(parsed.success).toBe(true);
    const prefs = preferencesFromForm(parsed.data as never);
    expect(prefs.site).toEqual({ "new-story": false, reply: true, moderation: false, announcement: false });
    expect(prefs.email.reply).toBe(true);
    expect(prefs).toMatchObject({ digest: "daily", cursed: false });
    expect(NotificationPreferencesSchema.safeParse({ digest: "hourly" }).success).toBe(false);
  });

  it("maps stored types to kinds; other types are covered by no preference", () => {
    expect(kindOfType("new-story")).toBe("new-story");
    expect(kindOfType("reply")).toBe("reply");
    expect(kindOfType("success")).toBeNull();
  });
});
