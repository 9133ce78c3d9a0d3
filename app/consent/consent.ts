// Cookie consent (spec §3 cookie preferences, §4 cookie consent, §9 consent length).
export const OPTIONAL_CATEGORIES = ["functional", "analytics", "performance", "marketing"] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

/** How each optional category is named and explained (/settings/cookie-management, /settings/privacy). */
export const CATEGORY_LABELS: Record<OptionalCategory, { name: string; text: string }> = {
  functional: { name: "Functionality", text: "Remember your theme and sidebar choices." },
  analytics: { name: "Analytics", text: "Count page views so we know which stories are read." },
  performance: { name: "Performance", text: "Measure how fast pages load for readers." },
  marketing: { name: "Marketing", text: "We run no advertising; this stays off unless you turn it on." },
};

export type CookiePreferences = {
  essential: true;
  functional: boolean;
  analytics: boolean;
  performance: boolean;
  marketing: boolean;
  /** ISO time of the choice. */
  lastUpdated: string;
};

/** 2160 hours when any optional category is accepted; 10080 minutes when only essential is kept. */
export const ACCEPTED_MS = 2160 * 60 * 60 * 1000;
export const ESSENTIAL_ONLY_MS = 10080 * 60 * 1000;

export function consentLifetimeMs(preferences: CookiePreferences): number {
  return OPTIONAL_CATEGORIES.some((c) => preferences[c]) ? ACCEPTED_MS : ESSENTIAL_ONLY_MS;
}

export function acceptAll(now = new Date()): CookiePreferences {
  return {
    essential: true,
    functional: true,
    analytics: true,
    performance: true,
    marketing: true,
    lastUpdated: now.toISOString(),
  };
}

export function essentialOnly(now = new Date()): CookiePreferences {
  return {
    essential: true,
    functional: false,
    analytics: false,
    performance: false,
    marketing: false,
    lastUpdated: now.toISOString(),
  };
}

/** A custom choice merges into the current one (spec §4). */
export function mergeConsent(
  current: CookiePreferences | null,
  choice: Partial<Record<OptionalCategory, boolean>>,
  now = new Date(),
): CookiePreferences {
  const base = current ?? essentialOnly(now);
  return { ...base, ...choice, essential: true, lastUpdated: now.toISOString() };
}

/**
 * The later of two known choices (by lastUpdated): the page's data can be older than an answer
 * the browser already holds, when a link followed at once took the place of the data's reload.
 */
export function latestChoice<T extends Pick<CookiePreferences, "lastUpdated">>(
  a: T | null | undefined,
  b: T | null | undefined,
): T | null {
  if (!a || !b) return a ?? b ?? null;
  return Date.parse(b.lastUpdated) > Date.parse(a.lastUpdated) ? b : a;
}

export function isConsentExpired(preferences: CookiePreferences, now = Date.now()): boolean {
  const updated = Date.parse(preferences.lastUpdated);
  return !Number.isFinite(updated) || now - updated >= consentLifetimeMs(preferences);
}

export function isCookiePreferences(value: unknown): value is CookiePreferences {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    v.essential === true &&
    OPTIONAL_CATEGORIES.every((c) => typeof v[c] === "boolean") &&
    typeof v.lastUpdated === "string" &&
    Number.isFinite(Date.parse(v.lastUpdated))
  );
}

/**
 * The cookies the site sets outside "essential", by category: declining or
 * turning a category off clears them (analytics cookies join with the
 * analytics issue). The theme and sidebar preferences are functionality
 * cookies: declining forgets them; choosing a theme again afterwards is an
 * explicit request to remember it, so the toggle still sets its cookie.
 */
export const NON_ESSENTIAL_COOKIES: Record<string, OptionalCategory> = {
  hs_theme: "functional",
  hs_sidebar: "functional",
  hs_seen: "analytics",
};
