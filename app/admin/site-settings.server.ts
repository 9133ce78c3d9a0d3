// Site settings an admin changes at run time, kept in the database (KeyValue
// rows under "site:") with the environment as the default until an admin
// chooses. The admin area's /admin/settings (issue 15) edits them; every
// reader of a setting goes through here, so there is one copy of each default.
import { prisma } from "~/db.server";
import { env } from "~/env.server";

const KEY_PREFIX = "site:";

/** The settings and their defaults when no admin has chosen yet. */
const DEFAULTS = {
  /** Community stories and discussion (spec §2: /community-story/{slug} "only while the community content flag is on"). */
  communityContent: () => env.COMMUNITY_CONTENT === "on",
} satisfies Record<string, () => boolean>;

export type SiteSettingName = keyof typeof DEFAULTS;

export async function getSiteSetting(name: SiteSettingName): Promise<boolean> {
  const row = await prisma.keyValue.findUnique({ where: { key: KEY_PREFIX + name } });
  if (row?.value === "true") return true;
  if (row?.value === "false") return false;
  return DEFAULTS[name]();
}

export async function setSiteSetting(name: SiteSettingName, value: boolean): Promise<void> {
  const key = KEY_PREFIX + name;
  await prisma.keyValue.upsert({
    where: { key },
    create: { key, value: String(value) },
    update: { value: String(value) },
  });
}

/** Whether community stories and discussion are open (the community content flag). */
export function isCommunityOpen(): Promise<boolean> {
  return getSiteSetting("communityContent");
}
