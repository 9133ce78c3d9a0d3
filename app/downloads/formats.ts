// Where downloads live (docs/decisions/042): under the story's own page, as
// plain links, the same with and without JavaScript. Shared by the pages and
// the server; it imports nothing, so a page that links a download carries no more.

export const DOWNLOAD_FORMATS = ["epub", "html"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** A story's download: `/story/{slug}/download/epub`, `/community-story/{slug}/download/html`. */
export const downloadPath = (storyPath: string, format: DownloadFormat) => `${storyPath}/download/${format}`;
