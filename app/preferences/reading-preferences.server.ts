// Where reading preferences live (docs/decisions/011-reading-preferences.md):
// anonymous readers in one small signed cookie (hs_prefs), signed-in readers
// in the ReadingPreferences table, merged into the account at sign-in.
import { createCookie } from "react-router";
import { prisma } from "~/db.server";
import { secureCookies, sessionSecrets } from "~/env.server";
import { COOKIE_NAMES } from "~/utils/site";
import { parseStoredPreferences } from "./preference-schemas";
import { mergeAtSignIn, type Preferences, resolvePreferences, type StoredPreferences } from "./preferences";

const ONE_YEAR_S = 60 * 60 * 24 * 365;

/**
 * The cookie's value is at most this long (every field set, all ten warnings
 * chosen, base64 and signature included: about 620 bytes). A longer value was
 * not written by this site and is ignored whole, before any parsing.
 */
export const MAX_PREFERENCES_COOKIE_BYTES = 1024;

export const preferencesCookie = createCookie(COOKIE_NAMES.preferences, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: secureCookies,
  maxAge: ONE_YEAR_S,
  // Signed with the session secrets: a reader cannot hand the server values it never wrote.
  secrets: sessionSecrets,
});

function rawCookieValue(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === COOKIE_NAMES.preferences) return rest.join("=");
  }
  return null;
}

/** The anonymous reader's stored values: {} when there is no cookie, a bad signature, or an oversized value. */
export async function readPreferencesCookie(request: Request): Promise<StoredPreferences> {
  const raw = rawCookieValue(request);
  if (raw === null || raw.length > MAX_PREFERENCES_COOKIE_BYTES) return {};
  try {
    return parseStoredPreferences(await preferencesCookie.parse(`${COOKIE_NAMES.preferences}=${raw}`));
  } catch {
    return {};
  }
}

export async function serializePreferencesCookie(stored: StoredPreferences): Promise<string> {
  const clean = parseStoredPreferences(stored);
  if (Object.keys(clean).length === 0) return clearPreferencesCookie();
  return preferencesCookie.serialize(clean);
}

export function clearPreferencesCookie(): Promise<string> {
  return preferencesCookie.serialize("", { maxAge: 0 });
}

async function readAccountPreferences(userId: string): Promise<StoredPreferences> {
  const row = await prisma.readingPreferences.findUnique({ where: { userId }, select: { values: true } });
  if (!row) return {};
  try {
    return parseStoredPreferences(JSON.parse(row.values));
  } catch {
    return {};
  }
}

async function writeAccountPreferences(userId: string, stored: StoredPreferences) {
  const values = JSON.stringify(parseStoredPreferences(stored));
  await prisma.readingPreferences.upsert({ where: { userId }, create: { userId, values }, update: { values } });
}

/**
 * What a request's reader has stored: the account's row when signed in (one
 * query by primary key), else the cookie (no query at all).
 */
export function getStoredPreferences(request: Request, userId: string | null): Promise<StoredPreferences> {
  return userId ? readAccountPreferences(userId) : readPreferencesCookie(request);
}

/** The request's reading preferences, every value filled in (defaults for what was never set). */
export async function getPreferences(request: Request, userId: string | null): Promise<Preferences> {
  return resolvePreferences(await getStoredPreferences(request, userId));
}

/** Saves; returns the Set-Cookie header an anonymous reader's answer must carry (null when signed in). */
export async function savePreferences(userId: string | null, stored: StoredPreferences): Promise<string | null> {
  if (userId) {
    await writeAccountPreferences(userId, stored);
    return null;
  }
  return serializePreferencesCookie(stored);
}

/**
 * At sign-in (and registration): the browser's cookie values fill in what the
 * account has not set, then the cookie is cleared, so the account is the one
 * place they live and the next reader of a shared computer starts from the
 * defaults. Returns the Set-Cookie that clears it, or null without a cookie.
 */
export async function adoptPreferencesAtSignIn(request: Request, userId: string): Promise<string | null> {
  if (rawCookieValue(request) === null) return null;
  const cookie = await readPreferencesCookie(request);
  if (Object.keys(cookie).length) {
    const account = await readAccountPreferences(userId);
    await writeAccountPreferences(userId, mergeAtSignIn(account, cookie));
  }
  return clearPreferencesCookie();
}
