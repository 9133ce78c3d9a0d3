// /admin/content (and /admin/stories, /admin/content-management): every story
// from every source of the content chain, one page at a time. Remote and
// synced stories come through the chain's own paginated list (never all of
// them at once); own and community stories from the Post table, every status.
// "Readers" counts the signed-in readers with a saved place in a story (a
// reading position: saved as they read on, or when they finish it; opening the
// story saves none) and those who shelved it (a bookmark): what the library
// already records, without a write per page view (docs/decisions/018).
import type { SessionUser } from "~/auth/session.server";
import { contentChain } from "~/content/content.server";
import { featuredSlug, setFeaturedSlug } from "~/content/featured.server";
import { postOrder, postSearchWhere } from "~/content/own-posts.server";
import { publicationDate } from "~/content/publication-date";
import { compareInOrder, type ListOrder, type StorySummary } from "~/content/story";
import { listSyncedStories } from "~/content/synced-posts.server";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import type { Prisma } from "~/generated/prisma/client";
import { recordAdminAction } from "~/site/audit.server";
import { isStoryStatus, STATUS_LABELS } from "~/stories/state";
import { storyPath } from "~/utils/story-paths";
import { CONTENT_PER_PAGE, type ContentSourceFilter, type SOURCE_LABELS } from "./content-sources";
import { ownPostState } from "./post-form";
import { PostError, unpublishedByAdmin } from "./posts.server";

export type ContentRow = {
  key: string;
  /** The Post id of an own or community story (they can be unpublished). */
  postId: number | null;
  slug: string;
  title: string;
  source: keyof typeof SOURCE_LABELS;
  status: string;
  published: boolean;
  /** Unpublished here and not changed since: the row offers Publish, the Unpublish's undo. */
  publishable: boolean;
  date: string;
  readers: number;
  bookmarks: number;
  featured: boolean;
  /** Where readers see it, while they may. */
  viewHref: string | null;
  /** Where an admin edits it: the own-post editor, the moderation queue, or the WordPress editor. */
  editHref: string | null;
  editLabel: string;
};

/** The WordPress editor of a remote post (an absolute URL), when the source is known. */
function remoteEditHref(source: "wpcom" | "wp", id: number): string | null {
  if (source === "wp" && env.WP_URL) return `${env.WP_URL.replace(/\/$/, "")}/wp-admin/post.php?post=${id}&action=edit`;
  if (source === "wpcom" && env.WPCOM_SITE) return `https://wordpress.com/post/${env.WPCOM_SITE}/${id}`;
  return null;
}

type PageOf = { rows: Omit<ContentRow, "readers" | "bookmarks" | "featured">[]; total: number; totalPages: number };

function remoteRows(stories: StorySummary[], source: "wpcom" | "wp" | "synced", syncedSources: Map<number, string>) {
  return stories
    .filter((s) => !s.community && !s.placeholder)
    .map((s) => {
      const origin = source === "synced" ? syncedSources.get(s.id) : source;
      const edit = origin === "wp" || origin === "wpcom" ? remoteEditHref(origin, s.id) : null;
      return {
        key: `${source}-${s.id}`,
        postId: null,
        slug: s.slug,
        title: s.title,
        source,
        status: "Published",
        published: true,
        publishable: false,
        date: s.date,
        viewHref: `/story/${s.slug}`,
        editHref: edit,
        editLabel: "Edit in WordPress",
      };
    });
}

async function syncedOrigins(ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await prisma.syncedPost.findMany({ where: { id: { in: ids } }, select: { id: true, source: true } });
  return new Map(rows.map((r) => [r.id, r.source]));
}

/** The chain's list (the first remote that answers, else the synced copies): what readers see. */
async function chainPage(
  page: number,
  search?: string,
  only?: "wordpress",
  order?: ListOrder,
): Promise<PageOf & { note?: string }> {
  const result = await contentChain.listStories({ page, perPage: CONTENT_PER_PAGE, search, order });
  const source = result.source;
  if (source === "own" || source === "none" || (only === "wordpress" && source === "synced")) {
    return {
      rows: [],
      total: 0,
      totalPages: 0,
      note:
        source === "synced"
          ? "No WordPress source answered: readers are reading the synced copies."
          : "No WordPress source is configured or answering.",
    };
  }
  const origins = source === "synced" ? await syncedOrigins(result.stories.map((s) => s.id)) : new Map();
  // The chain merges the community stories in (some without an account behind them any more): they are
  // listed from the database here, so they are told apart by slug.
  const community = new Set(
    (
      await prisma.post.findMany({
        where: { slug: { in: result.stories.map((s) => s.slug) }, submittedAt: { not: null } },
        select: { slug: true },
      })
    ).map((p) => p.slug),
  );
  return {
    rows: remoteRows(
      result.stories.filter((s) => !community.has(s.slug)),
      source,
      origins,
    ),
    // The chain's count includes the community stories it merges in (listed from the database here).
    total: result.total,
    totalPages: result.totalPages,
  };
}

async function syncedPage(page: number, search?: string, order?: ListOrder): Promise<PageOf> {
  const result = await listSyncedStories({ page, perPage: CONTENT_PER_PAGE, search, order });
  const origins = await syncedOrigins(result.stories.map((s) => s.id));
  return { rows: remoteRows(result.stories, "synced", origins), total: result.total, totalPages: result.totalPages };
}

/** The longest part of a rejection's reason the list shows (the writer reads it whole). */
const REASON_SHOWN = 140;

/** A community story's status as the list says it; a rejected one with its reason, since nothing more can be done to it. */
function communityStatus(status: string, note: string | null): string {
  if (!isStoryStatus(status)) return status;
  if (status !== "rejected" || !note) return STATUS_LABELS[status];
  const reason = note.length > REASON_SHOWN ? `${note.slice(0, REASON_SHOWN - 1).trimEnd()}…` : note;
  return `${STATUS_LABELS.rejected}: ${reason}`;
}

/** Own and community stories, every status but a writer's private draft. */
async function postsPage(
  kind: "own" | "community" | "both",
  page: number,
  search?: string,
  order?: ListOrder,
): Promise<PageOf> {
  const where: Prisma.PostWhereInput = {
    AND: [
      kind === "own"
        ? { submittedAt: null }
        : kind === "community"
          ? { submittedAt: { not: null } }
          : { OR: [{ submittedAt: null }, { submittedAt: { not: null } }] },
      await postSearchWhere(search),
    ],
  };
  const [rows, total] = await Promise.all([
    prisma.post.findMany({
      where,
      orderBy: postOrder(order),
      skip: (page - 1) * CONTENT_PER_PAGE,
      take: CONTENT_PER_PAGE,
      select: {
        id: true,
        slug: true,
        title: true,
        status: true,
        createdAt: true,
        publishedAt: true,
        submittedAt: true,
        moderationNote: true,
      },
    }),
    prisma.post.count({ where }),
  ]);
  const now = new Date();
  const publishable = await unpublishedByAdmin(rows.filter((r) => r.status !== "published").map((r) => r.id));
  return {
    total,
    totalPages: Math.ceil(total / CONTENT_PER_PAGE),
    rows: rows.map((r) => {
      const community = r.submittedAt !== null;
      const state = ownPostState(r, now);
      const published = state === "published";
      return {
        key: `post-${r.id}`,
        postId: r.id,
        slug: r.slug,
        title: r.title,
        source: community ? ("community" as const) : ("own" as const),
        status: community
          ? communityStatus(r.status, r.moderationNote)
          : state === "scheduled"
            ? `Scheduled for ${r.publishedAt?.toISOString().slice(0, 16).replace("T", " ")} UTC`
            : state === "published"
              ? "Published"
              : "Draft",
        published,
        publishable: publishable.has(r.id),
        date: publicationDate(r).toISOString(),
        viewHref: published ? storyPath({ slug: r.slug, community }) : null,
        // The queue lists only stories in review: a "Moderate" link for any other led to a queue
        // without it (a rejection is final, docs/decisions/014), so only those in review have one.
        editHref: !community
          ? `/admin/posts/${r.id}`
          : r.status === "review"
            ? `/admin/content-moderation?${new URLSearchParams({ q: r.title })}`
            : null,
        editLabel: community ? "Moderate" : "Edit",
      };
    }),
  };
}

/** Signed-in readers with a saved place in each story (reading positions) and who shelved it (bookmarks). */
async function readerCounts(slugs: string[]) {
  if (!slugs.length) return { readers: new Map<string, number>(), bookmarks: new Map<string, number>() };
  const [positions, bookmarks] = await Promise.all([
    prisma.readingPosition.groupBy({ by: ["storySlug"], where: { storySlug: { in: slugs } }, _count: { _all: true } }),
    prisma.bookmark.groupBy({ by: ["storySlug"], where: { storySlug: { in: slugs } }, _count: { _all: true } }),
  ]);
  return {
    readers: new Map(positions.map((p) => [p.storySlug, p._count._all])),
    bookmarks: new Map(bookmarks.map((b) => [b.storySlug, b._count._all])),
  };
}

export async function listContent({
  source = "all",
  page = 1,
  search,
  order,
}: {
  source?: ContentSourceFilter;
  page?: number;
  search?: string;
  order?: ListOrder;
}): Promise<{ rows: ContentRow[]; total: number; totalPages: number; note?: string; featured: string | null }> {
  let result: PageOf & { note?: string };
  if (source === "wordpress") result = await chainPage(page, search, "wordpress", order);
  else if (source === "synced") result = await syncedPage(page, search, order);
  else if (source === "own" || source === "community") result = await postsPage(source, page, search, order);
  else {
    // Page N of what readers are served (remote or synced) beside page N of the database's posts, in the order asked.
    const [remote, posts] = await Promise.all([
      chainPage(page, search, undefined, order),
      postsPage("both", page, search, order),
    ]);
    result = {
      rows: [...remote.rows, ...posts.rows].sort(compareInOrder(order)),
      total: remote.total + posts.total,
      totalPages: Math.max(remote.totalPages, posts.totalPages),
    };
  }
  const [counts, featured] = await Promise.all([readerCounts(result.rows.map((r) => r.slug)), featuredSlug()]);
  return {
    ...result,
    totalPages: Math.max(1, result.totalPages),
    featured,
    rows: result.rows.map((r) => ({
      ...r,
      readers: counts.readers.get(r.slug) ?? 0,
      bookmarks: counts.bookmarks.get(r.slug) ?? 0,
      featured: r.slug === featured,
    })),
  };
}

/** Features a story on the home page (replacing the one before), or none. Refuses a slug readers cannot open. */
export async function featureStory(admin: SessionUser, slug: string | null) {
  if (slug !== null) {
    const story = await contentChain.getStory(slug).catch(() => null);
    if (!story || story.placeholder)
      throw new PostError("Readers cannot open that story now, so it cannot be featured.", 409);
  }
  const before = await featuredSlug();
  await prisma.$transaction(async (tx) => {
    await setFeaturedSlug(tx, slug);
    await recordAdminAction(tx, admin, {
      action: slug ? "story.feature" : "story.unfeature",
      objectType: "story",
      objectId: slug ?? before,
      before: { featured: before },
      after: { featured: slug },
    });
  });
}
