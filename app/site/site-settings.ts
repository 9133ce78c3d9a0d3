// The site settings' types, bounds and form schema: pure, so the parsing and
// the maintenance rule are tested without a database (site-settings.test.ts).
import { z } from "zod";
import { emailAddress } from "~/utils/email-address";

export const SYNC_INTERVAL_BOUNDS = { min: 5, max: 1440 } as const;

export type SiteSettings = {
  /** Community stories and discussion (spec §2: "only while the community content flag is on"). */
  communityContent: boolean;
  /** New accounts may be created (password form, API, a provider's first sign-in). */
  registrationOpen: boolean;
  /** Readers get the 503 page; admins and the sign-in page keep working. */
  maintenanceMode: boolean;
  /** Minutes between scheduled content syncs. */
  syncIntervalMinutes: number;
  /** The address of the terms and contact pages. */
  contactEmail: string;
};

export type SiteSettingName = keyof SiteSettings;

export const SETTING_NAMES = [
  "communityContent",
  "registrationOpen",
  "maintenanceMode",
  "syncIntervalMinutes",
  "contactEmail",
] as const satisfies readonly SiteSettingName[];

const BOOLEAN_SETTINGS = new Set<SiteSettingName>(["communityContent", "registrationOpen", "maintenanceMode"]);

export const SETTING_MESSAGES = {
  interval: `The sync interval is a whole number of minutes from ${SYNC_INTERVAL_BOUNDS.min} to ${SYNC_INTERVAL_BOUNDS.max}.`,
  email: "Enter the contact address as an email address, like hello@example.com.",
} as const;

const intervalSchema = z
  .number({ error: SETTING_MESSAGES.interval })
  .int(SETTING_MESSAGES.interval)
  .min(SYNC_INTERVAL_BOUNDS.min, SETTING_MESSAGES.interval)
  .max(SYNC_INTERVAL_BOUNDS.max, SETTING_MESSAGES.interval);
// The site's one rule for an address (app/utils/email-address.ts), with this form's message for a bad one.
const emailSchema = emailAddress({
  required: SETTING_MESSAGES.email,
  invalid: SETTING_MESSAGES.email,
  lowercase: true,
});

/** An on/off choice sent as "on" or "off" (radio buttons): a missing one is an error, never "off". */
const onOff = (label: string) =>
  z.enum(["on", "off"], { error: `Choose on or off for ${label}.` }).transform((value) => value === "on");

/** The /admin/settings form. */
export const SiteSettingsSchema = z.object({
  communityContent: onOff("community content"),
  registrationOpen: onOff("registration"),
  maintenanceMode: onOff("maintenance mode"),
  syncIntervalMinutes: intervalSchema,
  contactEmail: emailSchema,
});

/** A stored value read back: the default when it is missing or no longer valid (a bound changed, a hand edit). */
export function parseSettingValue<N extends SiteSettingName>(
  name: N,
  raw: string | null | undefined,
  fallback: SiteSettings[N],
): SiteSettings[N] {
  if (raw === null || raw === undefined) return fallback;
  if (BOOLEAN_SETTINGS.has(name)) {
    if (raw === "true") return true as SiteSettings[N];
    if (raw === "false") return false as SiteSettings[N];
    return fallback;
  }
  if (name === "syncIntervalMinutes") {
    const parsed = intervalSchema.safeParse(/^\d+$/.test(raw) ? Number(raw) : Number.NaN);
    return (parsed.success ? parsed.data : fallback) as SiteSettings[N];
  }
  const parsed = emailSchema.safeParse(raw);
  return (parsed.success ? parsed.data : fallback) as SiteSettings[N];
}

export function serializeSettingValue(name: SiteSettingName, value: unknown): string {
  if (BOOLEAN_SETTINGS.has(name)) return value ? "true" : "false";
  return String(value);
}

/**
 * Paths that stay open in maintenance mode for everyone: signing in (so an
 * admin can sign in to turn it off), signing out, the health check, the CSRF
 * token the API's sign-in needs, and the admin area (which checks the role itself).
 */
const OPEN_PREFIXES = ["/auth", "/admin", "/api/auth/login", "/api/auth/logout", "/api/auth/status"];
const OPEN_PATHS = new Set(["/api/health", "/logout", "/api/csrf-token", "/theme", "/favicon.ico", "/robots.txt"]);

/** The maintenance rule: may this request pass while maintenance mode is on? */
export function passesMaintenance(pathname: string, isAdmin: boolean): boolean {
  if (isAdmin) return true;
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  if (OPEN_PATHS.has(path)) return true;
  return OPEN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Seconds a reader is asked to wait (Retry-After of the maintenance 503). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 600;

/** What a visitor reads when an admin has closed registration. */
export const REGISTRATION_CLOSED_MESSAGE =
  "Registration is closed for now, so no new accounts can be created. If you already have an account, sign in.";
