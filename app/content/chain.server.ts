// The content fallback chain (spec §1, §4, §8): the hosted platform's public
// API, the site's own WordPress, the synced copies, the product's own posts,
// and last an empty list. Each remote source is skipped at once while it is
// known to be down (availability cached 5 minutes).
import { createSwrCache } from "./cache.server";
import type { TermMap } from "./normalize.server";
import { storyFromRemote, summaryFromRemote } from "./normalize.server";
import { countOwnStories, getOwnStory, listOwnStories, ownNeighbours, ownTerms } from "./own-posts.server";
import type { ContentSource, Story, StoryPage, StorySummary, Term } from "./story";
import {
  countSyncedStories,
  getSyncedStory,
  listSyncedStories,
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

export type ListQuery = { page?: number; perPage?: number; category?: string; tag?: string; search?: string };

type Availability = { available: boolean; checkedAt: number };

export type ChainOptions = {
  sources: WordPressSource[];
  siteOrigin?: string;
  timeoutMs?: number;
  now?: () => number;
  /** Called when a source fails, for logs. */
  onSourceFailure?: (source: WordPressSource, failure: SourceFailure) => void;
};

export function createContentChain(options: ChainOptions) {
  const { sources, siteOrigin, timeoutMs } = options;
  const now = options.now ?? Date.now;
  const cache = createSwrCache({ now });
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
    const map = (terms: RemoteTerm[]): TermMap => new Map(terms.map((t) => [t.id, { slug: t.slug, name: t.name }]));
    return { categories: map(categories), tags: map(tags) };
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
    for await (const source of availableRemotes()) {
      try {
        const result = await listRemote(source, full);
        if (unfiltered && result.total === 0) continue;
        return { ...result, page, source: source.name };
      } catch (error) {
        failed(source, error);
      }
    }
    if ((await countSyncedStories()) > 0) {
      return { ...(await listSyncedStories(full)), page, source: "synced" };
    }
    if ((await countOwnStories()) > 0) {
      return { ...(await listOwnStories(full)), page, source: "own" };
    }
    return { stories: [], total: 0, totalPages: 0, page, source: "none" };
  }

  async function getStory(slug: string): Promise<Story | null> {
    for await (const source of availableRemotes()) {
      try {
        const story = await cache.get(`${source.base}|story|${slug}`, async () => {
          const result = await fetchRemotePosts(source, { slug, perPage: 1, withContent: true }, timeoutMs);
          const post = result.posts[0];
          // Not found here is an answer ("none"), cached like any other.
          if (!post || post.slug !== slug) return "none" as const;
          const [maps, image] = await Promise.all([
            termMaps(source),
            post.featured_media > 0 ? fetchRemoteImage(source, post.featured_media, timeoutMs).catch(() => null) : null,
          ]);
          return { ...storyFromRemote(post, source.name, { ...maps, siteOrigin }), image };
        });
        if (story !== "none") return story;
      } catch (error) {
        failed(source, error);
      }
    }
    // A story that is not in the remote sources may still be a synced copy or
    // one of the product's own (writers' stories live there).
    return (await getSyncedStory(slug, siteOrigin)) ?? (await getOwnStory(slug, siteOrigin));
  }

  async function neighbours(story: Story) {
    const date = new Date(story.date);
    return story.source === "own" ? ownNeighbours(date) : syncedNeighbours(date);
  }

  /** Category and tag names from the same source as the posts. */
  async function listTerms(): Promise<{ categories: Term[]; tags: Term[]; source: ContentSource }> {
    for await (const source of availableRemotes()) {
      try {
        const [categories, tags] = await Promise.all([remoteTerms(source, "categories"), remoteTerms(source, "tags")]);
        const used = (terms: RemoteTerm[]) =>
          terms.filter((t) => t.count === undefined || t.count > 0).map(({ slug, name }) => ({ slug, name }));
        return { categories: used(categories), tags: used(tags), source: source.name };
      } catch (error) {
        failed(source, error);
      }
    }
    if ((await countSyncedStories()) > 0) {
      const terms = await syncedTerms();
      const plain = (list: Term[]) => list.map(({ slug, name }) => ({ slug, name }));
      return { categories: plain(terms.categories), tags: plain(terms.tags), source: "synced" };
    }
    return { ...(await ownTerms()), source: "own" };
  }

  return {
    listStories,
    getStory,
    neighbours,
    listTerms,
    /** The first remote source that is up, for the content sync. */
    async firstAvailableRemote() {
      for await (const source of availableRemotes()) return source;
      return null;
    },
    markUnavailable: (source: WordPressSource) => setAvailable(source, false),
    clearCache: () => cache.clear(),
  };
}

export type ContentChain = ReturnType<typeof createContentChain>;
