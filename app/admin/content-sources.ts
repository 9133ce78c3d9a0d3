// The sources /admin/content filters by, shared by its server code and its page.
import type { ContentSource, ListOrder } from "~/content/story";
import type { SortOption } from "~/site/list-query";

/** The orders /admin/content and /admin/posts sort by (query parameter sort). */
export const STORY_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "title", label: "Title A to Z" },
] as const satisfies readonly [SortOption<ListOrder>, ...SortOption<ListOrder>[]];

export const CONTENT_SOURCES = ["all", "wordpress", "synced", "own", "community"] as const;
export type ContentSourceFilter = (typeof CONTENT_SOURCES)[number];
export const CONTENT_PER_PAGE = 20;

export const SOURCE_LABELS: Record<Exclude<ContentSource, "none"> | "community", string> = {
  wpcom: "WordPress.com",
  wp: "WordPress",
  synced: "Synced copy",
  own: "Own post",
  community: "Community",
};
