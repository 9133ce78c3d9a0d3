// Published community stories as readers see them (/community-story/{slug},
// /author/{username}): through the own-posts source of the content chain, so
// a community story is shaped, sanitised and hidden (flag off, unpublished)
// by the same code as every own story.

import { getOwnStory, listOwnStories } from "~/content/own-posts.server";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { isCommunityOpen } from "~/site/site-settings.server";
import { parseWarnings } from "./warnings";

export async function getCommunityStory(slug: string) {
  const story = await getOwnStory(slug, env.SITE_URL, { community: true });
  if (!story) return null;
  const extra = await prisma.post.findUnique({ where: { slug }, select: { warnings: true, mature: true } });
  return { story, warnings: parseWarnings(extra?.warnings ?? ""), mature: extra?.mature ?? false };
}

/** A writer's public page: their name, joined date, avatar and published stories. Null when unknown or closed. */
export async function getWriter(username: string, page: number) {
  if (!(await isCommunityOpen())) return null;
  const user = await prisma.user.findUnique({
    where: { usernameKey: username.toLowerCase() },
    select: { id: true, username: true, avatar: true, createdAt: true },
  });
  if (!user) return null;
  const stories = await listOwnStories({ page, perPage: 20, authorId: user.id, community: true });
  return { username: user.username, avatar: user.avatar, joined: user.createdAt.toISOString(), page, ...stories };
}
