// Where the content sync writes what it copied: the posts (with their featured images) and the
// term names, so the synced source can show them while the remote is down.
import { prisma } from "~/db.server";
import { notifyNewStory } from "~/notifications/notifications.server";
import { htmlToText } from "./html.server";
import { isDefaultPost, type RemotePost } from "./remote-post";
import { syncedSearchText } from "./search-index";
import { parseSyncedImage, SYNCED_TERMS_KEY } from "./synced-posts.server";
import { fetchRemoteImage, fetchRemoteTerms, type WordPressSource } from "./wordpress.server";

export async function storeTerms(source: WordPressSource, timeoutMs?: number) {
  // Term names travel with the copies, so the synced source can show them offline.
  const [categories, tags] = await Promise.all([
    fetchRemoteTerms(source, "categories", timeoutMs).catch(() => null),
    fetchRemoteTerms(source, "tags", timeoutMs).catch(() => null),
  ]);
  if (!categories || !tags) return;
  const value = JSON.stringify({ categories, tags });
  await prisma.keyValue.upsert({
    where: { key: SYNCED_TERMS_KEY },
    create: { key: SYNCED_TERMS_KEY, value },
    update: { value },
  });
}

/**
 * The featured images of these posts, as the JSON the copies keep (issue 17:
 * synced copies show them too). A copy whose media id did not change keeps
 * what it has; each other media item is asked for once; one that fails leaves
 * the copy without an image until the next sync.
 */
async function featuredImages(source: WordPressSource, posts: RemotePost[], stored: Map<number, string | null>) {
  const fetched = new Map<number, Promise<string | null>>();
  const result = new Map<number, string | null>();
  for (const post of posts) {
    if (!(post.featured_media > 0)) continue;
    const kept = parseSyncedImage(stored.get(post.id) ?? null);
    if (kept && kept.mediaId === post.featured_media) {
      result.set(post.id, stored.get(post.id) ?? null);
      continue;
    }
    let job = fetched.get(post.featured_media);
    if (!job) {
      const mediaId = post.featured_media;
      job = (async () => {
        // Another copy (from an earlier page or run) may already hold this media item.
        const known = await prisma.syncedPost.findFirst({
          where: { source: source.name, image: { startsWith: `{"mediaId":${mediaId},` } },
          select: { image: true },
        });
        if (known?.image) return known.image;
        const image = await fetchRemoteImage(source, mediaId).catch(() => null);
        return image ? JSON.stringify({ mediaId, ...image }) : null;
      })();
      fetched.set(mediaId, job);
    }
    // One at a time: a sync must not flood the source with media requests.
    result.set(post.id, await job);
  }
  return result;
}

/**
 * Stores the copies. `notify`: a post the database has never held is a newly
 * published story, and its readers are told; off for the first sync of a site
 * (what the source already had is a backfill, not news) and for older pages.
 */
export async function storeCopies(source: WordPressSource, posts: RemotePost[], { notify }: { notify: boolean }) {
  const valid = posts.filter((post) => !isDefaultPost(post));
  const rows = await prisma.syncedPost.findMany({
    where: { id: { in: valid.map((p) => p.id) } },
    select: { id: true, image: true },
  });
  const existing = new Set(rows.map((r) => r.id));
  const images = await featuredImages(source, valid, new Map(rows.map((r) => [r.id, r.image])));
  await prisma.$transaction(async (tx) => {
    for (const post of valid) {
      const fields = {
        source: source.name,
        slug: post.slug,
        title: htmlToText(post.title.rendered),
        // What a search reads: what WordPress's own search covers (the title, the excerpt and the text), folded.
        text: syncedSearchText(post),
        date: new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(post.date) ? post.date : `${post.date}Z`),
        data: JSON.stringify(post),
        image: images.get(post.id) ?? null,
        syncedAt: new Date(),
      };
      // A slug can move to another id remotely: the newest copy wins.
      await tx.syncedPost.deleteMany({ where: { slug: post.slug, NOT: { id: post.id } } });
      await tx.syncedPost.upsert({ where: { id: post.id }, create: { id: post.id, ...fields }, update: fields });
      if (notify && !existing.has(post.id)) {
        await notifyNewStory({ id: post.id, slug: post.slug, title: fields.title }, tx);
      }
    }
  });
  return { stored: valid.length, newPosts: valid.filter((p) => !existing.has(p.id)).length };
}
