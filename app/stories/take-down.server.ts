// Taking community stories off the site for good: a writer's "Delete this story" (deleteOwnStory)
// and an account deletion's stories (deleteAccount, both choices) go through takeDownStories, so
// what a removed story leaves behind is one rule (docs/decisions/060):
// - its address answers 410 Gone, "taken down", when readers could read it (rememberRemovedStories);
// - its comments go with it (their reports cascade), as the page they were written on goes;
// - notifications that point at it (the new-story notice, replies to its comments, the writer's
//   moderation notices) go: they would send a reader to a story that is not there;
// - readers' bookmarks and reading positions stay: they hang on the library's record of the story
//   (StoryRecord), not on the Post, and the library says the story was taken down; the record
//   no longer names the writer (refreshCommunityRecords);
// - its revisions and moderation record cascade with the Post.
import { data } from "react-router";
import { postAnchor } from "~/community/text";
import { COMMUNITY_STORY, publishedNow } from "~/content/own-posts.server";
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { refreshCommunityRecords } from "~/library/story-records.server";
import { isCommunityOpen } from "~/site/site-settings.server";
import { communityStoryCommentsPath, communityStoryPath, editStoryPath } from "~/utils/story-paths";

/** A transaction's client: the take-down is written in its caller's transaction. */
export type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** What a reader is told when a story they had is gone (its page, its comments, its downloads, a place sent for it). */
export const TAKEN_DOWN = "This story is no longer available: it was taken down.";

/** The answer at a taken-down story's addresses: 410 Gone, with TAKEN_DOWN. */
export const takenDownResponse = () => data({ message: TAKEN_DOWN }, { status: 410 });

/** A story readers could read: a community story with a publication date that came (approved once). */
const wasPublic = (now: Date): Prisma.PostWhereInput => ({ AND: [COMMUNITY_STORY, { publishedAt: { lte: now } }] });

/** Bound parameters per statement: far below SQLite's limit (32,766) and PostgreSQL's (65,535). */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Remembers the stories of `where` that readers could read, before they go: their slugs then answer
 * 410 Gone (takenDownCommunitySlugs). Stories nobody could read (drafts, stories in review, refused
 * ones) leave nothing: their private addresses stay a 404.
 */
export async function rememberRemovedStories(tx: Tx, where: Prisma.PostWhereInput, now = new Date()) {
  const posts = await tx.post.findMany({ where: { AND: [where, wasPublic(now)] }, select: { slug: true } });
  for (const { slug } of posts) {
    await tx.removedStory.upsert({ where: { slug }, create: { slug, removedAt: now }, update: { removedAt: now } });
  }
  return posts.length;
}

/**
 * Every address a notification gives a story at: its reading pages, its comments and each comment
 * (the permalinks of app/community/discussion.server.ts), its edit page. Exact links, so the
 * deletion finds them through the index on Notification.link.
 */
function storyLinks(post: { id: number; slug: string; comments: { id: number }[] }) {
  const page = communityStoryPath(post.slug);
  return [
    `/reader/${post.slug}`,
    `/story/${post.slug}`,
    page,
    communityStoryCommentsPath(post.slug),
    editStoryPath(post.id),
    ...post.comments.map((comment) => `${page}#${postAnchor(comment.id)}`),
  ];
}

/** Removes the stories `where` names, with what depends on them (above); how many went. */
export async function takeDownStories(tx: Tx, where: Prisma.PostWhereInput): Promise<{ count: number }> {
  const posts = await tx.post.findMany({
    where,
    select: { id: true, slug: true, comments: { select: { id: true } } },
  });
  if (!posts.length) return { count: 0 };
  const ids = posts.map((post) => post.id);
  await rememberRemovedStories(tx, { id: { in: ids } });
  for (const links of chunks(posts.flatMap(storyLinks))) {
    await tx.notification.deleteMany({ where: { link: { in: links } } });
  }
  for (const chunk of chunks(ids)) await tx.discussionPost.deleteMany({ where: { storyId: { in: chunk } } });
  let count = 0;
  for (const chunk of chunks(ids)) count += (await tx.post.deleteMany({ where: { id: { in: chunk } } })).count;
  // Readers' shelves keep the story's record: it no longer names its writer.
  await refreshCommunityRecords(
    posts.map((post) => post.slug),
    tx,
  );
  return { count };
}

/**
 * Of these slugs, the community stories that were taken down after readers could read them: deleted
 * (RemovedStory), or still there but no longer public (withdrawn by the writer, unpublished by an
 * administrator). A slug a story is public at again is not taken down.
 */
export async function takenDownCommunitySlugs(slugs: string[], now = new Date()): Promise<Set<string>> {
  if (!slugs.length) return new Set();
  const [removed, hidden, live] = await Promise.all([
    prisma.removedStory.findMany({ where: { slug: { in: slugs } }, select: { slug: true } }),
    prisma.post.findMany({
      where: { AND: [{ slug: { in: slugs } }, wasPublic(now), { NOT: publishedNow(now) }] },
      select: { slug: true },
    }),
    prisma.post.findMany({ where: { AND: [{ slug: { in: slugs } }, publishedNow(now)] }, select: { slug: true } }),
  ]);
  const published = new Set(live.map((row) => row.slug));
  return new Set([...removed, ...hidden].map((row) => row.slug).filter((slug) => !published.has(slug)));
}

/**
 * Whether a story's address answers 410 Gone (takenDownCommunitySlugs). Never while the community
 * content flag is off: community stories are then nowhere, and their addresses 404 like any other.
 */
export async function wasTakenDown(slug: string): Promise<boolean> {
  if (!(await isCommunityOpen())) return false;
  return (await takenDownCommunitySlugs([slug])).has(slug);
}
