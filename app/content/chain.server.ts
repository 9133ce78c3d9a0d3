// The content fallback chain (spec §1, §4, §8): the hosted platform's public
// API, the site's own WordPress, the synced copies, the product's own posts,
// and last an empty list. Each remote source is skipped at once while it is
// known to be down (availability cached 5 minutes).
//
// A reader waits on a remote for HEDGE_MS at most when a copy exists: past
// that, the copy (synced or own) is looked up too and the first good answer
// wins, while the remote's answer still fills the cache. A remote seen taking
// that long is skipped by the next readers until it answers or is probed again.
import { createSwrCache } from "./cache.server";
import { htmlToText } from "./html.server";
import type { TermMap } from "./normalize.server";
import { storyFromRemote, summaryFromRemote, termMap } from "./normalize.server";
import { countOwnStories, getOwnStory, listOwnStories, ownNeighbours, ownTerms } from "./own-posts.server";
import {
  type ContentSource,
  compareInOrder,
  type ListOrder,
  type Story,
  type StoryPage,
  type StorySummary,
  type Term,
} from "./story";
import {
  countSyncedStories,
  getSyncedStory,
  listSyncedStories,
  removeSyncedCopy,
  syncedNeighbours,
  syncedTerms,
} from "./synced-posts.server";
import {
  fetchRemoteImage,
  fetchRemotePosts,
  fetchRemoteTerms,
  probe,
  type RemoteTerm,
  SourceFailure,
  type WordPressSource,
} from "./wordpress.server";

export const AVAILABILITY_MS = 5 * 60_000;
export const DEFAULT_PER_PAGE = 10;
/** How long a reader waits on a remote before a local copy may answer instead (a slow 3G page load budget). */
export const HEDGE_MS = 1_500;

export type ListQuery = {
  page?: number;
  perPage?: number;
  category?: string;
  tag?: string;
  search?: string;
  /** Newest first unless asked (the admin's content list sorts by link). */
  order?: ListOrder;
};

type Availability = { available: boolean; checkedAt: number };

export type ChainOptions = {
  sources: WordPressSource[];
  siteOrigin?: string;
  timeoutMs?: number;
  hedgeMs?: number;
  now?: () => number;
  /** Called when a source fails, for logs. */
  onSourceFailure?: (source: WordPressSource, failure: SourceFailure) => void;
  /**
   * Own posts for a list whose stories come from a remote or the synced
   * copies, listed alongside them: the community stories (app/stories/), and
   * in a category's or tag's list every own post with the term
   * (listOwnAlongside). The own source already holds them, so a list from it
   * gets none added.
   */
  community?: (
    query: Required<Pick<ListQuery, "page" | "perPage">> & ListQuery,
  ) => Promise<Omit<StoryPage, "page" | "source">>;
};

export function createContentChain(options: ChainOptions) {
  const { sources, siteOrigin, timeoutMs } = options;
  const now = options.now ?? Date.now;
  const hedgeMs = options.hedgeMs ?? HEDGE_MS;
  // A story not found, or a list with nothing in it, is a miss: kept apart, so misses never evict hits.
  const cache = createSwrCache({
    now,
    isMiss: (value) =>
      value === "none" ||
      (typeof value === "object" && value !== null && "stories" in value && (value.stories as unknown[]).length === 0),
  });
  const availability = new Map<string, Availability>();
  const probing = new Map<string, Promise<boolean>>();

  function setAvailable(source: WordPressSource, available: boolean) {
    availability.set(source.base, { available, checkedAt: now() });
  }

  function isAvailable(source: WordPressSource): Promise<boolean> {
    const known = availability.get(source.base);
    if (known && now() - known.checkedAt < AVAILABILITY_MS) return Promise.resolve(known.available);
    let pending = probing.get(source.base);
    if (!pending) {
      pending = probe(source, timeoutMs)
        .then((ok) => {
          setAvailable(source, ok);
          return ok;
        })
        .finally(() => probing.delete(source.base));
      probing.set(source.base, pending);
    }
    // While a re-probe runs, the last known answer stands (no reader waits on it).
    return known ? Promise.resolve(known.available) : pending;
  }

  /** Remote sources that are up, in chain order; probes run in parallel. */
  async function* availableRemotes() {
    const checks = sources.map((source) => [source, isAvailable(source)] as const);
    for (const [source, check] of checks) if (await check) yield source;
  }

  /** Requests in flight per source, so a reader's hedge knows which sources kept it waiting. */
  const running = new Map<string, number>();
  const slow = new Set<string>();

  /** Seen hanging: skipped by the next readers until it answers (up again) or is probed again. */
  function markSlow(source: WordPressSource) {
    slow.add(source.base);
    setAvailable(source, false);
  }

  /** A remote request, watched: still running after hedgeMs, its source is marked slow. */
  function watch<T>(source: WordPressSource, request: Promise<T>): Promise<T> {
    running.set(source.base, (running.get(source.base) ?? 0) + 1);
    const timer = setTimeout(() => markSlow(source), hedgeMs);
    timer.unref?.();
    return request
      .finally(() => {
        clearTimeout(timer);
        running.set(source.base, (running.get(source.base) ?? 1) - 1);
      })
      .then((value) => {
        if (slow.delete(source.base)) setAvailable(source, true);
        return value;
      });
  }

  /** When a reader stops waiting: every source it was waiting on (a request or a first probe) was slow. */
  function markWaitedOn() {
    for (const source of sources) {
      if ((running.get(source.base) ?? 0) > 0 || probing.has(source.base)) markSlow(source);
    }
  }

  /**
   * The remote answer if it comes within hedgeMs; after that, whichever of
   * the remote and the local copy first finds something.
   */
  async function hedge<T>(remote: Promise<T | null>, local: () => Promise<T | null>): Promise<T | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<typeof HEDGED>((resolve) => {
      timer = setTimeout(() => resolve(HEDGED), hedgeMs);
    });
    const first = await Promise.race([remote, late]).finally(() => clearTimeout(timer));
    if (first !== HEDGED) return first ?? local();
    markWaitedOn();
    return firstFound([remote, local()]);
  }

  function failed(source: WordPressSource, error: unknown): void {
    if (!(error instanceof SourceFailure)) throw error;
    setAvailable(source, false);
    options.onSourceFailure?.(source, error);
  }

  function remoteTerms(source: WordPressSource, taxonomy: "categories" | "tags"): Promise<RemoteTerm[]> {
    return cache.get(`${source.base}|terms|${taxonomy}`, () => fetchRemoteTerms(source, taxonomy, timeoutMs));
  }

  async function termMaps(source: WordPressSource): Promise<{ categories: TermMap; tags: TermMap }> {
    const [categories, tags] = await Promise.all([
      remoteTerms(source, "categories").catch(() => []),
      remoteTerms(source, "tags").catch(() => []),
    ]);
    return { categories: termMap(categories), tags: termMap(tags) };
  }

  async function termId(source: WordPressSource, taxonomy: "categories" | "tags", slug: string) {
    const terms = await remoteTerms(source, taxonomy);
    return terms.find((t) => t.slug === slug)?.id;
  }

  async function listRemote(source: WordPressSource, query: Required<Pick<ListQuery, "page" | "perPage">> & ListQuery) {
    const key = `${source.base}|list|${JSON.stringify(query)}`;
    return cache.get(key, async () => {
      const categoryId = query.category ? await termId(source, "categories", query.category) : undefined;
      const tagId = query.tag ? await termId(source, "tags", query.tag) : undefined;
      if ((query.category && categoryId === undefined) || (query.tag && tagId === undefined)) {
        return { stories: [] as StorySummary[], total: 0, totalPages: 0 };
      }
      const result = await fetchRemotePosts(
        source,
        {
          page: query.page,
          perPage: query.perPage,
          categories: categoryId ? [categoryId] : undefined,
          tags: tagId ? [tagId] : undefined,
          search: query.search,
          order: query.order,
        },
        timeoutMs,
      );
      return {
        stories: result.posts.map((post) => summaryFromRemote(post)),
        total: result.total,
        totalPages: result.totalPages,
      };
    });
  }

  async function listStories(query: ListQuery = {}): Promise<StoryPage> {
    const page = query.page ?? 1;
    const perPage = query.perPage ?? DEFAULT_PER_PAGE;
    const full = { ...query, page, perPage };
    // A remote with no posts at all is no content here: the next source may have some.
    const unfiltered = !query.category && !query.tag && !query.search && page === 1;
    const remote = async (): Promise<StoryPage | null> => {
      for await (const source of availableRemotes()) {
        try {
          const result = await watch(source, listRemote(source, full));
          if (unfiltered && result.total === 0) continue;
          return { ...result, page, source: source.name };
        } catch (error) {
          failed(source, error);
        }
      }
      return null;
    };
    const local = async (): Promise<StoryPage | null> => {
      if ((await countSyncedStories()) > 0) {
        return { ...(await listSyncedStories(full)), page, source: "synced" };
      }
      if ((await countOwnStories()) > 0) {
        return { ...(await listOwnStories(full)), page, source: "own" };
      }
      return null;
    };
    const result = (await hedge(remote(), local)) ?? { stories: [], total: 0, totalPages: 0, page, source: "none" };
    return result.source === "own" ? result : withCommunity(result, full);
  }

  /**
   * Page N of the list and page N of the community stories, newest first:
   * each story is on exactly one page and the totals add up (a page may hold
   * up to twice perPage). A global date order across a remote's pages and
   * the database would need every remote page; docs/decisions/014.
   */
  async function withCommunity(result: StoryPage, query: Required<Pick<ListQuery, "page" | "perPage">> & ListQuery) {
    if (!options.community) return result;
    const community = await options.community(query);
    if (!community.total) return result;
    return {
      ...result,
      stories: [...result.stories, ...community.stories].sort(compareInOrder(query.order)),
      total: result.total + community.total,
      totalPages: Math.max(result.totalPages, community.totalPages),
    };
  }

  async function getStory(slug: string): Promise<Story | null> {
    // A story that is not in the remote sources may still be a synced copy or
    // one of the product's own (writers' stories live there). A copy whose own source answered
    // that the story is gone is not served, and goes: deleted or unpublished at WordPress, it
    // stayed readable here from its copy. While that source is down, the copy serves as before.
    const gone: WordPressSource["name"][] = [];
    const local = async () => {
      if (gone.length) await removeSyncedCopy(slug, gone);
      return (await getSyncedStory(slug, siteOrigin)) ?? (await getOwnStory(slug, siteOrigin));
    };
    return hedge(remoteStory(slug, gone), local);
  }

  /**
   * The story from the first remote that has it. A remote that answers it has no such story, while it
   * lists others, goes into `gone` (one that lists nothing at all, misconfigured or emptied, says
   * nothing about a single story, and never costs a copy).
   */
  async function remoteStory(slug: string, gone: WordPressSource["name"][] = []): Promise<Story | null> {
    for await (const source of availableRemotes()) {
      try {
        const story = await watch(
          source,
          cache.get(`${source.base}|story|${slug}`, async () => {
            const result = await fetchRemotePosts(source, { slug, perPage: 1, withContent: true }, timeoutMs);
            const post = result.posts[0];
            // Not found here is an answer ("none"), cached like any other.
            if (!post || post.slug !== slug) return "none" as const;
            const [maps, image] = await Promise.all([
              termMaps(source),
              post.featured_media > 0
                ? fetchRemoteImage(source, post.featured_media, timeoutMs).catch(() => null)
                : null,
            ]);
            return { ...storyFromRemote(post, source.name, { ...maps, siteOrigin }), image };
          }),
        );
        if (story !== "none") return story;
        const listed = await watch(source, listRemote(source, { page: 1, perPage: DEFAULT_PER_PAGE }));
        if (listed.total > 0) gone.push(source.name);
      } catch (error) {
        failed(source, error);
      }
    }
    return null;
  }

  /**
   * Previous and next by date within the story's own source (own posts, or the synced copies for a
   * remote story: two queries). At an end of its source they go on into the other one, nearest by
   * date (the remote's newest story leads to the oldest own post and back): that query is made only
   * there, so a story in the middle costs no more (decision 004).
   */
  async function neighbours(story: Story) {
    const date = new Date(story.date);
    const [mine, other] =
      story.source === "own" ? [ownNeighbours, syncedNeighbours] : [syncedNeighbours, ownNeighbours];
    const found = await mine(date);
    if (found.previous && found.next) return found;
    const across = await other(date);
    return { previous: found.previous ?? across.previous, next: found.next ?? across.next };
  }

  /** Category and tag names from the same source as the posts. */
  async function listTerms(): Promise<{ categories: Term[]; tags: Term[]; source: ContentSource }> {
    type Terms = { categories: Term[]; tags: Term[]; source: ContentSource };
    const remote = async (): Promise<Terms | null> => {
      for await (const source of availableRemotes()) {
        try {
          const [categories, tags] = await watch(
            source,
            Promise.all([remoteTerms(source, "categories"), remoteTerms(source, "tags")]),
          );
          const used = (terms: RemoteTerm[]) =>
            terms
              .filter((t) => t.count === undefined || t.count > 0)
              .map(({ slug, name }) => ({ slug, name: htmlToText(name) }));
          return { categories: used(categories), tags: used(tags), source: source.name };
        } catch (error) {
          failed(source, error);
        }
      }
      return null;
    };
    const local = async (): Promise<Terms> => {
      if ((await countSyncedStories()) > 0) {
        const terms = await syncedTerms();
        const plain = (list: Term[]) => list.map(({ slug, name }) => ({ slug, name: htmlToText(name) }));
        return { categories: plain(terms.categories), tags: plain(terms.tags), source: "synced" };
      }
      return { ...(await ownTerms()), source: "own" };
    };
    const found = (await hedge(remote(), local)) ?? (await local());
    if (found.source === "own") return found;
    // The own posts' terms too: their lists hold them alongside (listOwnAlongside), so the index
    // filters by them and a story's "Grief" tag, which the remote has not, is no 404.
    const own = await ownTerms();
    return { ...found, categories: withTerms(found.categories, own.categories), tags: withTerms(found.tags, own.tags) };
  }

  return {
    listStories,
    getStory,
    neighbours,
    listTerms,
    /** Whether any remote source is configured (WPCOM_SITE or WP_URL): without one there is nothing to sync. */
    hasRemoteSources: () => sources.length > 0,
    /** The first remote source that is up, for the content sync. */
    async firstAvailableRemote() {
      for await (const source of availableRemotes()) return source;
      return null;
    },
    /** The remote sources in chain order, whatever their availability (the sync tries them itself). */
    remoteSources: () => [...sources],
    markUnavailable: (source: WordPressSource) => setAvailable(source, false),
    /** A source that just answered (the sync's request): readers use it again at once. */
    markAvailable(source: WordPressSource) {
      slow.delete(source.base);
      setAvailable(source, true);
    },
    /**
     * Another process's sync reached a source (the content change mark): what this process
     * remembers of the sources' availability is out of date, so the next reader probes afresh.
     */
    forgetAvailability: () => availability.clear(),
    clearCache: () => cache.clear(),
  };
}

export type ContentChain = ReturnType<typeof createContentChain>;

/** Two lists of terms as one, by slug (the first list's name wins), in name order. */
function withTerms(first: Term[], second: Term[]): Term[] {
  const slugs = new Set(first.map((t) => t.slug));
  return [...first, ...second.filter((t) => !slugs.has(t.slug))].sort((a, b) => a.name.localeCompare(b.name));
}

const HEDGED = Symbol("hedged");

/** The first value that is not null; null when none is; a failure only when nothing was found and one failed. */
function firstFound<T>(promises: Promise<T | null>[]): Promise<T | null> {
  return new Promise((resolve, reject) => {
    let pending = promises.length;
    let failure: { error: unknown } | undefined;
    const settle = () => {
      if (--pending > 0) return;
      if (failure) reject(failure.error);
      else resolve(null);
    };
    for (const promise of promises) {
      promise.then(
        (value) => (value !== null ? resolve(value) : settle()),
        (error) => {
          failure ??= { error };
          settle();
        },
      );
    }
  });
}
