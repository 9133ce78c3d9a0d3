// The sources /admin/content filters by, shared by its server code and its page.
import type { ContentSource } from "~/content/story";

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
