// The dataset as WordPress 6.1 serves it: posts, terms and the one media item, from ./seeds.ts.
import { CATEGORY_SEEDS, POST_SEEDS, type PostSeed, TAG_SEEDS, type TermSeed } from "./seeds.ts";
import { texturize, wordpressExcerpt } from "./text.ts";

type Rendered = { rendered: string };
type Link = {
  href: string;
  embeddable?: boolean;
  taxonomy?: string;
  count?: number;
  name?: string;
  templated?: boolean;
};

export type WpPost = {
  id: number;
  date: string;
  date_gmt: string;
  guid: Rendered;
  modified: string;
  modified_gmt: string;
  slug: string;
  status: "publish";
  type: "post";
  link: string;
  title: Rendered;
  content: { rendered: string; protected: boolean };
  excerpt: { rendered: string; protected: boolean };
  author: number;
  featured_media: number;
  comment_status: "open" | "closed";
  ping_status: "open" | "closed";
  sticky: boolean;
  template: string;
  format: "standard";
  meta: unknown[];
  categories: number[];
  tags: number[];
  _links: Record<string, Link[]>;
};

export type WpTerm = {
  id: number;
  count: number;
  description: string;
  link: string;
  name: string;
  slug: string;
  taxonomy: "category" | "post_tag";
  parent?: number;
  meta: unknown[];
  _links: Record<string, Link[]>;
};

/** Where post links, guids and _links point: WordPress's own placeholder site, as in the fixture. */
export const WP_PLACEHOLDER_ORIGIN = "https://wp.example";
const PLACEHOLDER_API = `${WP_PLACEHOLDER_ORIGIN}/wp-json/wp/v2`;

/** The one media item (the fixture's), featured on every other post. */
const FEATURED_MEDIA_ID = 9;
const NEWEST = Date.UTC(2024, 9, 19, 21, 48, 0);
const DAY = 24 * 60 * 60 * 1000;
const wpDate = (ms: number) => new Date(ms).toISOString().slice(0, 19);

function postLinks(id: number, featuredMedia: number): Record<string, Link[]> {
  const links: Record<string, Link[]> = {
    self: [{ href: `${PLACEHOLDER_API}/posts/${id}` }],
    collection: [{ href: `${PLACEHOLDER_API}/posts` }],
    about: [{ href: `${PLACEHOLDER_API}/types/post` }],
    author: [{ embeddable: true, href: `${PLACEHOLDER_API}/users/1` }],
    replies: [{ embeddable: true, href: `${PLACEHOLDER_API}/comments?post=${id}` }],
    "version-history": [{ count: 0, href: `${PLACEHOLDER_API}/posts/${id}/revisions` }],
  };
  if (featuredMedia)
    links["wp:featuredmedia"] = [{ embeddable: true, href: `${PLACEHOLDER_API}/media/${featuredMedia}` }];
  links["wp:attachment"] = [{ href: `${PLACEHOLDER_API}/media?parent=${id}` }];
  links["wp:term"] = [
    { taxonomy: "category", embeddable: true, href: `${PLACEHOLDER_API}/categories?post=${id}` },
    { taxonomy: "post_tag", embeddable: true, href: `${PLACEHOLDER_API}/tags?post=${id}` },
  ];
  links.curies = [{ name: "wp", href: "https://api.w.org/{rel}", templated: true }];
  return links;
}

/** The 24 posts, newest first: ids 53 down to 30, one day apart from 2024-10-19T21:48:00. */
export const WP_POSTS: readonly WpPost[] = POST_SEEDS.map((seed, index) =>
  wpPost(seed, 53 - index, NEWEST - index * DAY),
);

/**
 * Older posts after the 24 (option `archivePosts`, and the 500 items of
 * "oversized-page"): the seeds again under new ids and slugs, a day apart.
 */
export function archivePosts(count: number): WpPost[] {
  return Array.from({ length: count }, (_, n) => {
    const seed = POST_SEEDS[n % POST_SEEDS.length] as PostSeed;
    return wpPost({ ...seed, slug: `archive-${n + 1}-${seed.slug}` }, 1000 + n, NEWEST - (POST_SEEDS.length + n) * DAY);
  });
}

function wpPost(seed: PostSeed, id: number, time: number): WpPost {
  const date = wpDate(time);
  const featuredMedia = seed.featured ? FEATURED_MEDIA_ID : 0;
  const permalink = `${WP_PLACEHOLDER_ORIGIN}/${seed.slug}/`;
  const isProtected = seed.protected === true;
  return {
    id,
    date,
    date_gmt: date,
    guid: { rendered: `${WP_PLACEHOLDER_ORIGIN}/?p=${id}` },
    modified: date,
    modified_gmt: date,
    slug: seed.slug,
    status: "publish",
    type: "post",
    link: permalink,
    title: { rendered: texturize(seed.title) },
    content: { rendered: isProtected ? "" : seed.content, protected: isProtected },
    excerpt: { rendered: isProtected ? "" : (seed.excerpt ?? wordpressExcerpt(seed.content)), protected: isProtected },
    author: 1,
    featured_media: featuredMedia,
    comment_status: seed.comments ?? "closed",
    ping_status: "closed",
    sticky: false,
    template: "",
    format: "standard",
    meta: [],
    categories: seed.categories,
    tags: seed.tags,
    _links: postLinks(id, featuredMedia),
  };
}

function termsFrom(seeds: TermSeed[], taxonomy: "category" | "post_tag"): WpTerm[] {
  const key = taxonomy === "category" ? "categories" : "tags";
  const base = taxonomy === "category" ? "category" : "tag";
  return seeds.map((seed) => {
    const term: WpTerm = {
      id: seed.id,
      count: WP_POSTS.filter((post) => post[key].includes(seed.id)).length,
      description: "",
      link: `${WP_PLACEHOLDER_ORIGIN}/${base}/${seed.slug}/`,
      name: seed.name,
      slug: seed.slug,
      taxonomy,
      meta: [],
      _links: {
        self: [{ href: `${PLACEHOLDER_API}/${key}/${seed.id}` }],
        collection: [{ href: `${PLACEHOLDER_API}/${key}` }],
        about: [{ href: `${PLACEHOLDER_API}/taxonomies/${taxonomy}` }],
        "wp:post_type": [{ href: `${PLACEHOLDER_API}/posts?${key}=${seed.id}` }],
        curies: [{ name: "wp", href: "https://api.w.org/{rel}", templated: true }],
      },
    };
    if (taxonomy === "post_tag") return term;
    // Categories have a parent, between taxonomy and meta as WordPress orders them.
    const { meta, _links, ...rest } = term;
    return { ...rest, parent: 0, meta, _links };
  });
}

/** Categories 1..4 as in the fixture (counts from WP_POSTS), sorted by name as WordPress lists them. */
export const WP_CATEGORIES: readonly WpTerm[] = termsFrom(CATEGORY_SEEDS, "category");
/** Tags 5..10. */
export const WP_TAGS: readonly WpTerm[] = termsFrom(TAG_SEEDS, "post_tag");

const MEDIA_FILE = "2024/09/nightfall-cover-5";
const MEDIA_SIZES: Record<string, [number, number, string]> = {
  medium: [300, 169, "-300x169"],
  large: [1024, 576, "-1024x576"],
  thumbnail: [150, 150, "-150x150"],
  medium_large: [768, 432, "-768x432"],
  full: [1200, 675, ""],
};

/** The fixture's media item 9, with its images on `origin` (this server serves them). */
export function wpMedia(origin: string) {
  const uploads = `${origin}/wp-content/uploads/`;
  const sizes: Record<string, { file: string; width: number; height: number; mime_type: string; source_url: string }> =
    {};
  for (const [name, [width, height, suffix]] of Object.entries(MEDIA_SIZES)) {
    const file = `nightfall-cover-5${suffix}.png`;
    sizes[name] = { file, width, height, mime_type: "image/png", source_url: `${uploads}${MEDIA_FILE}${suffix}.png` };
  }
  const date = "2024-09-20T10:00:00";
  return {
    id: 9,
    date,
    date_gmt: date,
    guid: { rendered: `${uploads}${MEDIA_FILE}.png` },
    modified: date,
    modified_gmt: date,
    slug: "nightfall-cover-5",
    status: "inherit",
    type: "attachment",
    link: `${WP_PLACEHOLDER_ORIGIN}/nightfall-cover-5/`,
    title: { rendered: "nightfall-cover-5" },
    author: 1,
    comment_status: "open",
    ping_status: "closed",
    template: "",
    meta: [],
    description: {
      rendered: `<p class="attachment"><a href="${uploads}${MEDIA_FILE}.png"><img width="300" height="169" src="${uploads}${MEDIA_FILE}-300x169.png" class="attachment-medium size-medium" alt="Procedurally drawn cover: Blue hour" decoding="async" loading="lazy" /></a></p>\n`,
    },
    caption: { rendered: "" },
    alt_text: "Procedurally drawn cover: Blue hour",
    media_type: "image",
    mime_type: "image/png",
    media_details: { width: 1200, height: 675, file: `${MEDIA_FILE}.png`, filesize: 0, sizes, image_meta: {} },
    post: null,
    source_url: `${uploads}${MEDIA_FILE}.png`,
    _links: {
      self: [{ href: `${PLACEHOLDER_API}/media/9` }],
      collection: [{ href: `${PLACEHOLDER_API}/media` }],
      about: [{ href: `${PLACEHOLDER_API}/types/attachment` }],
      author: [{ embeddable: true, href: `${PLACEHOLDER_API}/users/1` }],
      replies: [{ embeddable: true, href: `${PLACEHOLDER_API}/comments?post=9` }],
    },
  };
}
