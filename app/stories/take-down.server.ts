// Taking community stories off the site for good: a writer's "Delete this story" (deleteOwnStory)
// and an account deletion's stories (deleteAccount, both choices) go through takeDownStories, so
// what a removed story leaves behind is one rule (docs/decisions/060):
// - its comments go with it (their reports cascade), as the page they were written on goes;
// - notifications that point at it (the new-story notice, replies to its comments, the writer's
//   moderation notices) go: they would send a reader to a story that is not there;
// - readers' bookmarks and reading positions stay: they hang on the library's record of the story
//   (StoryRecord), not on the Post, and the library says the story was taken down;
// - its revisions and moderation record cascade with the Post.
import type { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { communityStoryPath, editStoryPath } from "~/utils/story-paths";

/** A transaction's client: the take-down is written in its caller's transaction. */
export type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** A link names a page, or something on it (a sub-page, an anchor, a query). */
const linksTo = (path: string): Prisma.NotificationWhereInput[] => [
  { link: path },
  { link: { startsWith: `${path}/` } },
  { link: { startsWith: `${path}#` } },
  { link: { startsWith: `${path}?` } },
];

/** Every address a notification may give a story at: its reading pages and its edit page. */
const storyLinks = (post: { id: number; slug: string }) => [
  ...linksTo(`/reader/${post.slug}`),
  ...linksTo(`/story/${post.slug}`),
  ...linksTo(communityStoryPath(post.slug)),
  ...linksTo(editStoryPath(post.id)),
];

const CHUNK = 100;

/** Removes the stories `where` names, with what depends on them (above); how many went. */
export async function takeDownStories(tx: Tx, where: Prisma.PostWhereInput): Promise<{ count: number }> {
  const posts = await tx.post.findMany({ where, select: { id: true, slug: true } });
  if (!posts.length) return { count: 0 };
  const ids = posts.map((post) => post.id);
  // In chunks: 16 conditions a story stay far below SQLite's limit of bound parameters.
  for (let i = 0; i < posts.length; i += CHUNK) {
    await tx.notification.deleteMany({ where: { OR: posts.slice(i, i + CHUNK).flatMap(storyLinks) } });
  }
  await tx.discussionPost.deleteMany({ where: { storyId: { in: ids } } });
  const { count } = await tx.post.deleteMany({ where: { id: { in: ids } } });
  return { count };
}
