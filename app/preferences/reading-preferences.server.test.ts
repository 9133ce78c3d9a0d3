import { createCookie } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { registerUser } from "~/auth/auth.server";
import { prisma } from "~/db.server";
import { CONTENT_WARNING_IDS } from "~/stories/content-warnings";
import { FONT_SIZES } from "./preference-options";
import { PREFERENCE_KEYS, type Preferences, resolvePreferences } from "./preferences";
import {
  adoptPreferencesAtSignIn,
  getPreferences,
  getStoredPreferences,
  MAX_PREFERENCES_COOKIE_BYTES,
  readPreferencesCookie,
  savePreferences,
  serializePreferencesCookie,
} from "./reading-preferences.server";

const NAME = "hs_prefs";
const requestWith = (...setCookies: string[]) =>
  new Request("http://x/", { headers: { Cookie: setCookies.map((c) => c.split(";")[0]).join("; ") } });
const cookieValue = (setCookie: string) => setCookie.split(";")[0]?.slice(NAME.length + 1) ?? "";

/** Every field set to its longest value, every warning chosen: the biggest cookie the site can write. */
const LONGEST: Preferences = {
  typeface: "dyslexic",
  fontSize: "7",
  fontWeight: "600",
  lineHeight: "1.75",
  paragraphSpacing: "2.5",
  letterSpacing: "0.12",
  wordSpacing: "0.16",
  measure: "default",
  textAlign: "justify",
  highContrast: false,
  reducedMotion: false,
  underlineLinks: false,
  contentWarnings: "collapse",
  collapsedWarnings: [...CONTENT_WARNING_IDS],
};

beforeEach(async () => {
  await prisma.readingPreferences.deleteMany();
  await prisma.session.deleteMany();
  await prisma.user.deleteMany();
});

describe("the preference cookie", () => {
  it("round-trips what was saved", async () => {
    const setCookie = await serializePreferencesCookie({ typeface: "serif", fontSize: "5", reducedMotion: true });
    expect(setCookie).toMatch(/^hs_prefs=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(await readPreferencesCookie(requestWith(setCookie))).toEqual({
      typeface: "serif",
      fontSize: "5",
      reducedMotion: true,
    });
  });

  it("is signed: a value the site did not sign is ignored whole", async () => {
    const unsigned = await createCookie(NAME).serialize({ fontSize: "7" });
    expect(await readPreferencesCookie(requestWith(unsigned))).toEqual({});
    const signedElsewhere = await createCookie(NAME, { secrets: ["another-secret-another-secret-xx"] }).serialize({
      fontSize: "7",
    });
    expect(await readPreferencesCookie(requestWith(signedElsewhere))).toEqual({});
    // Tampering with the signed value breaks the signature.
    const real = await serializePreferencesCookie({ fontSize: "3" });
    const value = cookieValue(real);
    const forged = `${NAME}=${Buffer.from(JSON.stringify({ fontSize: "7" })).toString("base64")}${value.slice(value.indexOf("."))}`;
    expect(await readPreferencesCookie(requestWith(forged))).toEqual({});
  });

  it("has a bounded size, and a longer value is ignored before parsing", async () => {
    const biggest = await serializePreferencesCookie(LONGEST);
    expect(cookieValue(biggest).length).toBeLessThanOrEqual(MAX_PREFERENCES_COOKIE_BYTES);
    expect(await readPreferencesCookie(requestWith(biggest))).toEqual(
      Object.fromEntries(Object.entries(LONGEST).filter(([k]) => PREFERENCE_KEYS.includes(k as never))),
    );
    const huge = `${NAME}=${"a".repeat(MAX_PREFERENCES_COOKIE_BYTES + 1)}`;
    expect(await readPreferencesCookie(requestWith(huge))).toEqual({});
  });

  it("drops unknown keys and values it signed itself and keeps the defaults for them", async () => {
    // Values that this version no longer knows (or never did), signed with the site's secret.
    const { preferencesCookie } = await import("./reading-preferences.server");
    const odd = await preferencesCookie.serialize({
      fontSize: "42",
      typeface: "papyrus",
      lineHeight: "2",
      evil: "<script>",
    });
    const request = requestWith(odd);
    expect(await readPreferencesCookie(request)).toEqual({ lineHeight: "2" });
    const prefs = await getPreferences(request, null);
    expect(prefs.fontSize).toBe(FONT_SIZES[1].value);
    expect(prefs.typeface).toBe("default");
  });

  it("an empty choice clears the cookie instead of storing {}", async () => {
    expect(await serializePreferencesCookie({})).toMatch(/Max-Age=0/);
  });
});

describe("signed-in readers", () => {
  async function reader() {
    return registerUser({
      email: `r${Math.random()}@horror.test`,
      username: `r_${Date.now() % 1e6}`,
      password: "long-enough-pw",
    });
  }

  it("are read from and saved to the database, not the cookie", async () => {
    const user = await reader();
    expect(await savePreferences(user.id, { fontSize: "4" })).toBeNull();
    const withCookie = requestWith(await serializePreferencesCookie({ fontSize: "7" }));
    expect(await getStoredPreferences(withCookie, user.id)).toEqual({ fontSize: "4" });
    expect(await getStoredPreferences(withCookie, null)).toEqual({ fontSize: "7" });
  });

  it("at sign-in, the cookie fills in what the account has not set, and is cleared", async () => {
    const user = await reader();
    await savePreferences(user.id, { fontSize: "5", highContrast: false });
    const cookie = await serializePreferencesCookie({ fontSize: "2", highContrast: true, typeface: "dyslexic" });
    const clear = await adoptPreferencesAtSignIn(requestWith(cookie), user.id);
    expect(clear).toMatch(/^hs_prefs=;.*Max-Age=0/);
    expect(await getStoredPreferences(requestWith(), user.id)).toEqual({
      fontSize: "5",
      highContrast: false,
      typeface: "dyslexic",
    });
  });

  it("a first sign-in takes the anonymous reader's cookie whole", async () => {
    const user = await reader();
    const cookie = await serializePreferencesCookie({ lineHeight: "2", collapsedWarnings: ["gore"] });
    await adoptPreferencesAtSignIn(requestWith(cookie), user.id);
    expect(resolvePreferences(await getStoredPreferences(requestWith(), user.id))).toMatchObject({
      lineHeight: "2",
      collapsedWarnings: ["gore"],
    });
  });

  it("without a cookie sign-in changes nothing and sets no cookie", async () => {
    const user = await reader();
    await savePreferences(user.id, { fontSize: "6" });
    expect(await adoptPreferencesAtSignIn(requestWith(), user.id)).toBeNull();
    expect(await getStoredPreferences(requestWith(), user.id)).toEqual({ fontSize: "6" });
  });

  it("a forged cookie adds nothing to the account", async () => {
    const user = await reader();
    const forged = await createCookie(NAME).serialize({ fontSize: "7" });
    await adoptPreferencesAtSignIn(requestWith(forged), user.id);
    expect(await prisma.readingPreferences.count({ where: { userId: user.id } })).toBe(0);
  });
});
