// Every source's posts become the same Story shape here, with their HTML
// sanitised and their titles and excerpts decoded to plain text.

import { writerProfilePath } from "~/utils/story-paths";
import { htmlToText, sanitizeStoryHtml, stripControlCharacters } from "./html.server";
import { publicationDate } from "./publication-date";
import { isDefaultPost, type RemotePost, type RemotePostSummary } from "./remote-post";
import type { Story, StorySummary, Term } from "./story";

export const EXCERPT_FALLBACK_LENGTH = 150;

export type TermMap = Map<number, Term>;

/** WordPress dates come without a zone and are the site's local time; read them as UTC. */
function isoDate(value: string): string {
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString();
}

const terms = (ids: number[] | undefined, map: TermMap) =>
  (ids ?? []).map((id) => map.get(id)).filter((t): t is Term => Boolean(t));

export function summaryFromRemote(post: RemotePost | RemotePostSummary, categories: TermMap = new Map()): StorySummary {
  return {
    id: post.id,
    slug: post.slug,
    title: htmlToText(post.title.rendered) || "Untitled Post",
    excerpt: htmlToText(post.excerpt.rendered),
    date: isoDate(post.date),
    author: null,
    categories: "categories" in post ? terms(post.categories as number[], categories) : [],
    featuredMedia: post.featured_media,
    ...(isDefaultPost(post) ? { placeholder: true } : {}),
  };
}

/** Term names from a remote source, as plain text (WordPress encodes entities in them; a hostile one sends HTML). */
export function termMap(terms: { id: number; slug: string; name: string }[]): TermMap {
  return new Map(terms.map((t) => [t.id, { slug: t.slug, name: htmlToText(t.name) }]));
}

export function storyFromRemote(
  post: RemotePost,
  source: Story["source"],
  maps: { categories?: TermMap; tags?: TermMap; siteOrigin?: string } = {},
): Story {
  const isProtected = post.content.protected === true;
  return {
    ...summaryFromRemote(post, maps.categories),
    contentHtml: isProtected ? "" : sanitizeStoryHtml(post.content.rendered, maps.siteOrigin),
    protected: isProtected,
    tags: terms(post.tags, maps.tags ?? new Map()),
    modified: post.modified ? isoDate(post.modified) : null,
    source,
    image: null,
  };
}

/** Spec §3: a missing excerpt is the first 150 characters of the content plus "...". */
export function excerptOf(excerpt: string | null | undefined, contentHtml: string): string {
  if (excerpt) return htmlToText(excerpt);
  return `${htmlToText(contentHtml).slice(0, EXCERPT_FALLBACK_LENGTH)}...`;
}

type OwnPostRow = {
  id: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  createdAt: Date;
  publishedAt: Date | null;
  updatedAt?: Date;
  authorName: string | null;
  /** The writer's account: a community story. */
  author?: { username: string } | null;
  /** Set on every community story, also one whose writer's account is gone (anonymised). */
  submittedAt?: Date | null;
  category: { slug: string; name: string } | null;
  tags?: { slug: string; name: string }[];
};

export function summaryFromOwn(post: Omit<OwnPostRow, "content"> & { content: string }): StorySummary {
  return {
    id: post.id,
    slug: post.slug,
    title: stripControlCharacters(post.title),
    excerpt: excerptOf(post.excerpt, post.content),
    date: publicationDate(post).toISOString(),
    author: post.author
      ? post.author.username
      : post.authorName === null
        ? null
        : stripControlCharacters(post.authorName),
    categories: post.category ? [{ slug: post.category.slug, name: post.category.name }] : [],
    featuredMedia: 0,
    ...(post.author
      ? { community: { author: post.author.username, profile: writerProfilePath(post.author.username) } }
      : post.submittedAt
        ? { community: { author: post.authorName ?? "Anonymous", profile: null } }
        : {}),
  };
}

export function storyFromOwn(post: OwnPostRow, siteOrigin?: string): Story {
  return {
    ...summaryFromOwn(post),
    // Writers' submissions will land here too: the same allow-list as remote HTML.
    contentHtml: sanitizeStoryHtml(post.content, siteOrigin),
    protected: false,
    tags: (post.tags ?? []).map((t) => ({ slug: t.slug, name: t.name })),
    modified: post.updatedAt ? post.updatedAt.toISOString() : null,
    source: "own",
    image: null,
  };
}
