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

export type ParsedList<T> = { posts: T[]; invalid: number; problems: string[] };

/** An invalid item in a few words: which one (its id when it has one) and its first problem. */
function describeInvalid(item: unknown, index: number, error: z.ZodError): string {
  const id = typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
  const which =
    typeof id === "number" || typeof id === "string" ? `id ${String(id).slice(0, 20)}` : `item ${index + 1}`;
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join(".") : "the item";
  return `${which}, ${field}: ${issue?.message ?? "invalid"}`;
}

/** Validates each item; invalid ones become default posts (counted and described, so the caller can say so). */
export function parsePostList(items: unknown[], summary: boolean): ParsedList<RemotePost | RemotePostSummary> {
  const schema = summary ? RemotePostSummarySchema : RemotePostSchema;
  let invalid = 0;
  const problems: string[] = [];
  const posts = items.map((item, index) => {
    const result = schema.safeParse(item);
    if (result.success) return result.data;
    invalid++;
    problems.push(describeInvalid(item, index, result.error));
    return defaultPost();
  });
  return { posts, invalid, problems };
}
