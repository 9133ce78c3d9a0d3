// Site settings an admin changes at run time, kept in the database (KeyValue
// rows under "site:") with the environment as the default until an admin
// chooses. The admin area's /admin/settings (docs/decisions/021) edits them; every
// reader of a setting goes through here, so there is one copy of each default
// and of each bound (docs/decisions/021).
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { type AuditActor, recordAdminAction } from "./audit.server";
import {
  parseSettingValue,
  SETTING_NAMES,
  type SiteSettingName,
  type SiteSettings,
  serializeSettingValue,
} from "./site-settings";

export { SETTING_NAMES, type SiteSettingName, type SiteSettings } from "./site-settings";

const KEY_PREFIX = "site:";

/** The settings when no admin has chosen yet. */
export function settingDefaults(): SiteSettings {
  return {
    communityContent: env.COMMUNITY_CONTENT === "on",
    registrationOpen: true,
    maintenanceMode: false,
    syncIntervalMinutes: 5,
    contactEmail: env.CONTACT_EMAIL,
  };
}

/** Every setting: the stored value where it is valid, else the default (one query). */
export async function getSiteSettings(): Promise<SiteSettings> {
  const rows = await prisma.keyValue.findMany({
    where: { key: { in: SETTING_NAMES.map((name) => KEY_PREFIX + name) } },
  });
  const stored = new Map(rows.map((r) => [r.key.slice(KEY_PREFIX.length), r.value]));
  const defaults = settingDefaults();
  const result = { ...defaults } as Record<SiteSettingName, unknown>;
  for (const name of SETTING_NAMES) result[name] = parseSettingValue(name, stored.get(name), defaults[name]);
  return result as SiteSettings;
}

export async function getSiteSetting<N extends SiteSettingName>(name: N): Promise<SiteSettings[N]> {
  const row = await prisma.keyValue.findUnique({ where: { key: KEY_PREFIX + name } });
  return parseSettingValue(name, row?.value, settingDefaults()[name]);
}

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

async function writeSetting(db: Pick<Tx, "keyValue">, name: SiteSettingName, value: unknown) {
  const key = KEY_PREFIX + name;
  const stored = serializeSettingValue(name, value);
  await db.keyValue.upsert({ where: { key }, create: { key, value: stored }, update: { value: stored } });
}

/** Sets one setting without an audit row: tests and start-up only (admins save through saveSiteSettings). */
export async function setSiteSetting<N extends SiteSettingName>(name: N, value: SiteSettings[N]): Promise<void> {
  await writeSetting(prisma, name, value);
  forgetCachedSettings();
}

/**
 * An admin's save: the changed settings and one `settings.update` audit row
 * with their values before and after, in one transaction. Returns the names changed.
 */
export async function saveSiteSettings(admin: AuditActor, next: SiteSettings): Promise<SiteSettingName[]> {
  const changed = await prisma.$transaction(async (tx) => {
    const rows = await tx.keyValue.findMany({
      where: { key: { in: SETTING_NAMES.map((name) => KEY_PREFIX + name) } },
    });
    const stored = new Map(rows.map((r) => [r.key.slice(KEY_PREFIX.length), r.value]));
    const defaults = settingDefaults();
    const before: Partial<Record<SiteSettingName, unknown>> = {};
    const after: Partial<Record<SiteSettingName, unknown>> = {};
    for (const name of SETTING_NAMES) {
      const current = parseSettingValue(name, stored.get(name), defaults[name]);
      if (current === next[name]) continue;
      before[name] = current;
      after[name] = next[name];
      await writeSetting(tx, name, next[name]);
    }
    const names = Object.keys(after) as SiteSettingName[];
    if (names.length) {
      await recordAdminAction(tx, admin, { action: "settings.update", objectType: "setting", before, after });
    }
    return names;
  });
  forgetCachedSettings();
  return changed;
}

/** Whether community stories and discussion are open (the community content flag). */
export function isCommunityOpen(): Promise<boolean> {
  return getSiteSetting("communityContent");
}

/** Whether new accounts may be created (the /auth form, the API, a provider's first sign-in). */
export function isRegistrationOpen(): Promise<boolean> {
  return getSiteSetting("registrationOpen");
}

/** The address readers write to (terms and contact pages). */
export function contactEmail(): Promise<string> {
  return getSiteSetting("contactEmail");
}

/** Minutes between scheduled content syncs. */
export function syncIntervalMinutes(): Promise<number> {
  return getSiteSetting("syncIntervalMinutes");
}

// Maintenance mode is asked on every request: a short in-process memory keeps
// that to one query a second. The process that saves forgets it at once; other
// processes follow within MAINTENANCE_MEMORY_MS.
const MAINTENANCE_MEMORY_MS = 1_000;
const memory = globalThis as unknown as { maintenanceMemory?: { value: boolean; until: number } };

/** Drops this process's memory of the settings (its own save, or another process's: server/startup.ts). */
export function forgetCachedSettings() {
  memory.maintenanceMemory = undefined;
}

export async function isMaintenanceMode(now = Date.now()): Promise<boolean> {
  const cached = memory.maintenanceMemory;
  if (cached && cached.until > now) return cached.value;
  const value = await getSiteSetting("maintenanceMode");
  memory.maintenanceMemory = { value, until: now + MAINTENANCE_MEMORY_MS };
  return value;
}
