// Content-warning collapse (docs/decisions/014): a reader who chose to collapse some
// warnings sees a notice instead of a story that carries one of them, with a
// "Show the story" link (?show=1, no JavaScript needed).
import { CONTENT_WARNINGS, type ContentWarningId, isContentWarningId } from "./content-warnings";

export const SHOW_STORY_PARAM = "show";

/** The story's warnings, as ids from the fixed list (unknown ones dropped). */
export function parseWarnings(stored: string): ContentWarningId[] {
  return stored.split(",").filter(isContentWarningId);
}

export function warningLabel(id: ContentWarningId): string {
  return CONTENT_WARNINGS.find((w) => w.id === id)?.label ?? id;
}
