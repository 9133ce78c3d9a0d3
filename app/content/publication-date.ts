// The date a story was published: the one readers see on the Story Index and the story's page,
// the admin sees on /admin/content and /admin/posts, and every list orders by.

/**
 * A post's publication date (a scheduled post's is the date it goes out), else its creation
 * date: the demo stories and the admin's undated posts have none.
 */
export function publicationDate(post: { publishedAt: Date | null; createdAt: Date }): Date {
  return post.publishedAt ?? post.createdAt;
}

/**
 * The columns to write with a publication date. Lists order by `createdAt` (an index the database
 * has; it cannot order by `publishedAt ?? createdAt`), so whatever sets a post's publication date
 * sets its creation date to it too, and the order of every list is the order of the dates it shows.
 */
export function datedAt(publishedAt: Date): { publishedAt: Date; createdAt: Date } {
  return { publishedAt, createdAt: publishedAt };
}
