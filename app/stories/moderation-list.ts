// The moderation queue's list options (/admin/content-moderation, query
// parameters q, sort and page; app/site/list-query.ts has the rule). The
// queue is fair by default: the oldest submission first.
import type { SortOption } from "~/site/list-query";

export const QUEUE_PAGE_SIZE = 10;

/** The moderator's message to the writer: the action's check and the textarea's maxlength. */
export const MODERATION_MESSAGE_MAX = 2000;

export const QUEUE_SORTS = [
  { value: "oldest", label: "Oldest first" },
  { value: "newest", label: "Newest first" },
  { value: "title", label: "Title A to Z" },
] as const satisfies readonly [SortOption, ...SortOption[]];
