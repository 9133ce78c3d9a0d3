// Where a story's downloads live (docs/decisions/042): plain links, the same
// with and without JavaScript. Shared by the pages and the server.
import { communityStoryPath } from "~/stories/paths";

export const DOWNLOAD_FORMATS = ["epub", "html"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The page a story is read at: the content chain's stories, or a writer's community story. */
export type StoryKind = "story" | "community";

export const storyPath = (kind: StoryKind, slug: string) =>
  kind === "community" ? communityStoryPath(slug) : `/story/${slug}`;

export const downloadPath = (kind: StoryKind, slug: string, format: DownloadFormat) =>
  `${storyPath(kind, slug)}/download/${format}`;

export const shelfDownloadPath = (shelf: string) => `/bookmarks/download/${shelf}`;
