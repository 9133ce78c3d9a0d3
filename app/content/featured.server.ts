// The story an admin features on the home page (/admin/content): one site-wide
// choice, kept as a KeyValue row holding the story's slug, whatever source the
// story comes from (a remote WordPress post, a synced copy, an own or a
// community story). The home page looks the slug up through the content chain
// on every render, so a story that is unpublished, scheduled or gone simply
// stops being shown: no second rule decides what readers may see.
import { prisma } from "~/db.server";
import { isSlug } from "~/utils/slug";
import { contentChain } from "./content.server";
import type { StorySummary } from "./story";

export const FEATURED_KEY = "home.featured-story";

type Db = Pick<typeof prisma, "keyValue">;

/** The featured story's slug, or null. */
export async function featuredSlug(db: Db = prisma): Promise<string | null> {
  const row = await db.keyValue.findUnique({ where: { key: FEATURED_KEY } });
  return row && isSlug(row.value) ? row.value : null;
}

/** Features a story (replacing the one before); pass the transaction the audit row is written in. */
export async function setFeaturedSlug(db: Db, slug: string | null): Promise<void> {
  if (slug === null) {
    await db.keyValue.deleteMany({ where: { key: FEATURED_KEY } });
    return;
  }
  await db.keyValue.upsert({
    where: { key: FEATURED_KEY },
    create: { key: FEATURED_KEY, value: slug },
    update: { value: slug },
  });
}

/** The featured story as a card shows it, when it is one readers may see now; else null. */
export async function getFeaturedStory(): Promise<StorySummary | null> {
  const slug = await featuredSlug();
  if (!slug) return null;
  const story = await contentChain.getStory(slug).catch(() => null);
  if (!story || story.placeholder) return null;
  return {
    id: story.id,
    slug: story.slug,
    title: story.title,
    excerpt: story.excerpt,
    date: story.date,
    author: story.author,
    categories: story.categories,
    featuredMedia: story.featuredMedia,
    ...(story.community ? { community: story.community } : {}),
  };
}
