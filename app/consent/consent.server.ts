import { createCookie } from "react-router";
import { prisma } from "~/db.server";
import { secureCookies } from "~/env.server";
import { COOKIE_NAMES } from "~/utils/site";
import {
  type CookiePreferences,
  consentLifetimeMs,
  isConsentExpired,
  isCookiePreferences,
  NON_ESSENTIAL_COOKIES,
} from "./consent";

const consentCookie = createCookie(COOKIE_NAMES.consent, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: secureCookies,
});

/** The reader's valid consent, or null when there is none or it has expired (then the banner shows). */
export async function getConsent(request: Request): Promise<CookiePreferences | null> {
  const value = await consentCookie.parse(request.headers.get("Cookie"));
  if (!isCookiePreferences(value) || isConsentExpired(value)) return null;
  return value;
}

/** Set-Cookie headers for a new choice: the consent itself, and clearing what it no longer allows. */
export async function consentCookies(preferences: CookiePreferences): Promise<string[]> {
  const headers = [
    await consentCookie.serialize(preferences, { maxAge: Math.floor(consentLifetimeMs(preferences) / 1000) }),
  ];
  for (const [name, category] of Object.entries(NON_ESSENTIAL_COOKIES)) {
    if (!preferences[category]) headers.push(`${name}=; Path=/; Max-Age=0; SameSite=Lax`);
  }
  return headers;
}

export async function clearConsentCookie(): Promise<string> {
  return consentCookie.serialize("", { maxAge: 0 });
}

/**
 * A signed-in reader's choice is kept on the account too, so it follows them
 * to a browser that has no consent cookie yet (app/root.tsx).
 */
export async function getAccountConsent(userId: string): Promise<CookiePreferences | null> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select: { consent: true } });
  if (!row?.consent) return null;
  try {
    const value: unknown = JSON.parse(row.consent);
    return isCookiePreferences(value) && !isConsentExpired(value) ? value : null;
  } catch {
    return null;
  }
}

export async function saveAccountConsent(userId: string, preferences: CookiePreferences) {
  await prisma.user.updateMany({ where: { id: userId }, data: { consent: JSON.stringify(preferences) } });
}
