import { describe, expect, it } from "vitest";
import {
  ACCEPTED_MS,
  acceptAll,
  ESSENTIAL_ONLY_MS,
  essentialOnly,
  isConsentExpired,
  isCookiePreferences,
  latestChoice,
  mergeConsent,
} from "./consent";

const now = new Date("2026-11-22T10:00:00Z");

describe("cookie consent", () => {
  it("lasts 2160 hours when accepted and 10080 minutes when only essential is kept", () => {
    expect(ACCEPTED_MS).toBe(90 * 24 * 60 * 60 * 1000);
    expect(ESSENTIAL_ONLY_MS).toBe(7 * 24 * 60 * 60 * 1000);
    const accepted = acceptAll(now);
    expect(isConsentExpired(accepted, now.getTime() + ACCEPTED_MS - 1)).toBe(false);
    expect(isConsentExpired(accepted, now.getTime() + ACCEPTED_MS)).toBe(true);
    const declined = essentialOnly(now);
    expect(isConsentExpired(declined, now.getTime() + ESSENTIAL_ONLY_MS - 1)).toBe(false);
    expect(isConsentExpired(declined, now.getTime() + ESSENTIAL_ONLY_MS)).toBe(true);
  });

  it("accept sets every category, decline keeps essential only", () => {
    expect(acceptAll(now)).toMatchObject({
      essential: true,
      functional: true,
      analytics: true,
      performance: true,
      marketing: true,
    });
    expect(essentialOnly(now)).toMatchObject({
      essential: true,
      functional: false,
      analytics: false,
      performance: false,
      marketing: false,
    });
  });

  it("merges a custom choice into the current one, and one optional category makes it last 90 days", () => {
    const merged = mergeConsent(essentialOnly(now), { analytics: true }, now);
    expect(merged).toMatchObject({ functional: false, analytics: true, performance: false, essential: true });
    expect(isConsentExpired(merged, now.getTime() + ESSENTIAL_ONLY_MS + 1)).toBe(false);
    expect(mergeConsent(null, { marketing: true }, now)).toMatchObject({ marketing: true, functional: false });
  });

  it("recognises only well-formed preferences", () => {
    expect(isCookiePreferences(acceptAll(now))).toBe(true);
    expect(isCookiePreferences({ ...acceptAll(now), essential: false })).toBe(false);
    expect(isCookiePreferences({ ...acceptAll(now), lastUpdated: "yesterday" })).toBe(false);
    expect(isCookiePreferences("yes")).toBe(false);
  });

  it("the later of two known choices wins, whichever side holds it", () => {
    const declined = essentialOnly(now);
    const accepted = acceptAll(new Date(now.getTime() + 1_000));
    expect(latestChoice(declined, accepted)).toBe(accepted);
    expect(latestChoice(accepted, declined)).toBe(accepted);
    expect(latestChoice(null, accepted)).toBe(accepted);
    expect(latestChoice(declined, undefined)).toBe(declined);
    expect(latestChoice(null, undefined)).toBeNull();
  });
});
