// The shape of a post from a WordPress REST API (spec §3 "Post from the remote
// content API"), validated with zod. Extra fields are allowed.
import { z } from "zod";
import { SlugSchema } from "~/utils/slug-schema";

const Rendered = z.looseObject({ rendered: z.string() });

export const RemotePostSchema = z.looseObject({
  id: z.number().int(),
  date: z.string(),
  modified: z.string().optional(),
  // A slug that is not one (a path, upper case, percent-encoding) makes the item invalid.
  slug: SlugSchema,
  status: z.string(),
  type: z.string(),
  link: z.string(),
  title: Rendered,
  content: z.looseObject({ rendered: z.string(), protected: z.boolean().optional() }),
  excerpt: Rendered,
  author: z.number(),
  featured_media: z.number(),
  categories: z.array(z.number()),
  tags: z.array(z.number()),
  meta: z.unknown(),
});
export type RemotePost = z.infer<typeof RemotePostSchema>;

/** The fields a list asks for with `_fields` (content is not needed there). */
export const LIST_FIELDS = ["id", "date", "title", "excerpt", "slug", "featured_media"] as const;
export const RemotePostSummarySchema = RemotePostSchema.pick({
  id: true,
  date: true,
  slug: true,
  title: true,
  excerpt: true,
  featured_media: true,
});
export type RemotePostSummary = z.infer<typeof RemotePostSummarySchema>;

/**
 * Spec §5: an invalid item is replaced by a default post: a random id, the
 * current date, slug "post-{id}", title "Untitled Post", content "Content
 * unavailable" and an empty excerpt.
 */
const defaults = new WeakSet<object>();

/** Whether a post is a stand-in for an invalid item (the sync never stores those). */
export function isDefaultPost(post: object): boolean {
  return defaults.has(post);
}

export function defaultPost(now = new Date()): RemotePost {
  const id = Math.floor(Math.random() * 1_000_000_000) + 1;
  const post: RemotePost = {
    id,
    date: now.toISOString(),
    slug: `post-${id}`,
    status: "publish",
    type: "post",
    link: "",
    title: { rendered: "Untitled Post" },
    content: { rendered: "Content unavailable", protected: false },
    excerpt: { rendered: "" },
    author: 0,
    featured_media: 0,
    categories: [],
    tags: [],
    meta: [],
  };
  defaults.add(post);
  return post;
}

export type ParsedList<T> = { posts: T[]; invalid: number };

/** Validates each item; invalid ones become default posts (counted, so the caller can log it). */
export function parsePostList(items: unknown[], summary: boolean): ParsedList<RemotePost | RemotePostSummary> {
  const schema = summary ? RemotePostSummarySchema : RemotePostSchema;
  let invalid = 0;
  const posts = items.map((item) => {
    const result = schema.safeParse(item);
    if (result.success) return result.data;
    invalid++;
    return defaultPost();
  });
  return { posts, invalid };
}
