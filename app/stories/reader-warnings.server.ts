// The warnings that hide a story from this reader: the content-warning choice
// of their reading preferences (docs/decisions/011; warningsToCollapse is the one rule),
// unless they asked to see it (?show=1, a plain link, no JavaScript needed).
import { getOptionalUser } from "~/auth/auth.server";
import { warningsToCollapse } from "~/preferences/preferences";
import { getPreferences } from "~/preferences/reading-preferences.server";
import type { ContentWarningId } from "./content-warnings";
import { SHOW_STORY_PARAM } from "./warnings";

export async function warningsHidingStory(
  request: Request,
  storyWarnings: readonly ContentWarningId[],
): Promise<ContentWarningId[]> {
  if (storyWarnings.length === 0) return [];
  if (new URL(request.url).searchParams.get(SHOW_STORY_PARAM) === "1") return [];
  const user = await getOptionalUser(request);
  return warningsToCollapse(await getPreferences(request, user?.id ?? null), storyWarnings);
}
