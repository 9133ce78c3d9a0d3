// The REST routes: posts, terms and media, and what each mode does to them.
import { archivePosts, WP_CATEGORIES, WP_TAGS, type WpPost, wpMedia } from "./dataset.ts";
import type { WordPressMode } from "./modes.ts";
import {
  invalidParams,
  invalidPostId,
  listParam,
  noRoute,
  pagingHeaders,
  pickFields,
  type Reply,
  readIds,
  readPaging,
  restError,
} from "./replies.ts";
import { decodeEntities } from "./text.ts";

type Context = {
  origin: string;
  apiBase: string;
  mode: WordPressMode;
  query: URLSearchParams;
  posts: readonly WpPost[];
};

/** The slugs and titles of "hostile" mode, on the newest posts. */
export const HOSTILE_POSTS: readonly { slug?: string; title?: string; excerpt?: string }[] = [
  { slug: "../../api/auth/logout", title: "Click Me" },
  { title: "Night\u0001Shift\u0008 in\u000B the\u001F Ward\uFFFE", excerpt: "<p>Bell\u0007 rings\u0000</p>" },
  { title: '<img src=x onerror="alert(1)">The <b>Bold</b> Title<script>alert(2)</script>' },
  { slug: "UPPER-Case-Slug" },
  { slug: "%2e%2e%2fadmin" },
  { slug: "javascript:alert(1)" },
];

function hostilePost(post: WpPost, index: number): WpPost {
  const change = HOSTILE_POSTS[index];
  if (!change) return post;
  return {
    ...post,
    slug: change.slug ?? post.slug,
    title: change.title ? { rendered: change.title } : post.title,
    excerpt: change.excerpt ? { ...post.excerpt, rendered: change.excerpt } : post.excerpt,
  };
}

const OVERSIZED_PAGE = 500;

/** Three ways an item goes bad in "invalid-items" mode, every third item from the second on. */
function corruptPost(item: Record<string, unknown>, index: number): Record<string, unknown> {
  if (index % 3 !== 1) return item;
  const kind = Math.floor(index / 3) % 3;
  if (kind === 0) return { ...item, id: "abc" };
  if (kind === 1) {
    const { title: _title, ...rest } = item;
    return rest;
  }
  const target = "content" in item ? "content" : "excerpt" in item ? "excerpt" : "title";
  return { ...item, [target]: { ...(item[target] as object), rendered: 123 } };
}

function corruptTerm(item: Record<string, unknown>, index: number): Record<string, unknown> {
  if (index % 3 !== 1) return item;
  const kind = Math.floor(index / 3) % 3;
  if (kind === 0) return { ...item, id: "abc" };
  if (kind === 1) {
    const { name: _name, ...rest } = item;
    return rest;
  }
  return { ...item, count: "many" };
}

function listReply(
  ctx: Context,
  key: string,
  items: Record<string, unknown>[],
  headers: Record<string, string>,
  corrupt: (item: Record<string, unknown>, index: number) => Record<string, unknown>,
): Reply {
  const withAllow = { ...headers, Allow: "GET" };
  if (ctx.mode === "invalid-items") return { status: 200, body: items.map(corrupt), headers: withAllow };
  if (ctx.mode === "object") return { status: 200, body: { [key]: items }, headers: withAllow };
  return { status: 200, body: items, headers: withAllow };
}

function itemReply(ctx: Context, key: string, item: Record<string, unknown>): Reply {
  const headers = { Allow: "GET" };
  if (ctx.mode === "invalid-items") return { status: 200, body: { ...item, id: "abc" }, headers };
  if (ctx.mode === "object") return { status: 200, body: { [key]: item }, headers };
  return { status: 200, body: item, headers };
}

function searchable(post: WpPost): string {
  return decodeEntities(`${post.title.rendered}\n${post.content.rendered}\n${post.excerpt.rendered}`).toLowerCase();
}

function listPosts(ctx: Context): Reply {
  const { query } = ctx;
  const problems: Record<string, { code: string; message: string }> = {};
  const paging = readPaging(query, problems);
  const categories = readIds(query, "categories", problems);
  const tags = readIds(query, "tags", problems);
  const include = readIds(query, "include", problems);
  const order = query.get("order") ?? "desc";
  if (order !== "asc" && order !== "desc") {
    problems.order = { code: "rest_not_in_enum", message: "order is not one of asc and desc." };
  }
  const orderby = query.get("orderby") ?? "date";
  if (orderby !== "date" && orderby !== "title") {
    problems.orderby = { code: "rest_not_in_enum", message: "orderby is not one of date and title." };
  }
  if (Object.keys(problems).length) return invalidParams(problems);

  const slugs = listParam(query, "slug");
  const search = query.get("search")?.trim().toLowerCase();
  const fields = listParam(query, "_fields");

  let posts = ctx.mode === "empty" ? [] : ctx.mode === "hostile" ? ctx.posts.map(hostilePost) : [...ctx.posts];
  if (ctx.mode === "oversized-page") {
    // A broken or hostile remote: far more items than asked for, on every page.
    const items = archivePosts(OVERSIZED_PAGE).map((post) => pickFields(post, fields));
    return listReply(
      ctx,
      "posts",
      items,
      pagingHeaders(`${ctx.apiBase}/posts`, query, OVERSIZED_PAGE, paging),
      corruptPost,
    );
  }
  if (categories?.length) posts = posts.filter((post) => post.categories.some((id) => categories.includes(id)));
  if (tags?.length) posts = posts.filter((post) => post.tags.some((id) => tags.includes(id)));
  if (include?.length) posts = posts.filter((post) => include.includes(post.id));
  if (slugs?.length) posts = posts.filter((post) => slugs.includes(post.slug));
  if (search) posts = posts.filter((post) => searchable(post).includes(search));
  const key = (post: WpPost) => (orderby === "title" ? post.title.rendered : post.date);
  posts.sort((a, b) => (order === "asc" ? key(a).localeCompare(key(b)) : key(b).localeCompare(key(a))));

  const total = posts.length;
  const totalPages = Math.ceil(total / paging.perPage);
  if (paging.page > totalPages && total > 0) {
    return restError(
      400,
      "rest_post_invalid_page_number",
      "The page number requested is larger than the number of pages available.",
    );
  }
  const endpoint = `${ctx.apiBase}/posts`;
  const start = (paging.page - 1) * paging.perPage;
  const items = posts.slice(start, start + paging.perPage).map((post) => pickFields(post, fields));
  return listReply(ctx, "posts", items, pagingHeaders(endpoint, query, total, paging), corruptPost);
}

function listTerms(ctx: Context, taxonomy: "categories" | "tags"): Reply {
  const { query } = ctx;
  const problems: Record<string, { code: string; message: string }> = {};
  const paging = readPaging(query, problems);
  const include = readIds(query, "include", problems);
  if (Object.keys(problems).length) return invalidParams(problems);
  const slugs = listParam(query, "slug");
  const fields = listParam(query, "_fields");
  const hideEmpty = query.get("hide_empty") === "true" || query.get("hide_empty") === "1";

  let terms = ctx.mode === "empty" ? [] : [...(taxonomy === "categories" ? WP_CATEGORIES : WP_TAGS)];
  if (include?.length) terms = terms.filter((term) => include.includes(term.id));
  if (slugs?.length) terms = terms.filter((term) => slugs.includes(term.slug));
  if (hideEmpty) terms = terms.filter((term) => term.count > 0);
  terms.sort((a, b) => a.name.localeCompare(b.name));

  const endpoint = `${ctx.apiBase}/${taxonomy}`;
  const start = (paging.page - 1) * paging.perPage;
  const items = terms.slice(start, start + paging.perPage).map((term) => pickFields(term, fields));
  return listReply(ctx, taxonomy, items, pagingHeaders(endpoint, query, terms.length, paging), corruptTerm);
}

export function route(ctx: Context, method: string, rest: string): Reply {
  if (method !== "GET" && method !== "HEAD") return noRoute();
  const fields = listParam(ctx.query, "_fields");
  const path = rest.replace(/\/+$/, "");
  if (path === "posts") return listPosts(ctx);
  if (path === "categories" || path === "tags") return listTerms(ctx, path);

  const single = /^(posts|categories|tags|media)\/(\d+)$/.exec(path);
  if (single) {
    const [, kind, idText] = single;
    const id = Number(idText);
    if (kind === "posts") {
      const post = ctx.mode === "empty" ? undefined : ctx.posts.find((p) => p.id === id);
      return post ? itemReply(ctx, "post", pickFields(post, fields)) : invalidPostId();
    }
    if (kind === "media") {
      const media = ctx.mode === "empty" || id !== 9 ? undefined : wpMedia(ctx.origin);
      return media ? itemReply(ctx, "media", pickFields(media, fields)) : invalidPostId();
    }
    const terms = kind === "categories" ? WP_CATEGORIES : WP_TAGS;
    const term = ctx.mode === "empty" ? undefined : terms.find((t) => t.id === id);
    return term
      ? itemReply(ctx, kind === "categories" ? "category" : "tag", pickFields(term, fields))
      : restError(404, "rest_term_invalid", "Term does not exist.");
  }
  if (path === "media") {
    const problems: Record<string, { code: string; message: string }> = {};
    const paging = readPaging(ctx.query, problems);
    const include = readIds(ctx.query, "include", problems);
    if (Object.keys(problems).length) return invalidParams(problems);
    const all = ctx.mode === "empty" ? [] : [wpMedia(ctx.origin)];
    const media = include?.length ? all.filter((m) => include.includes(m.id)) : all;
    const endpoint = `${ctx.apiBase}/media`;
    const start = (paging.page - 1) * paging.perPage;
    const items = media.slice(start, start + paging.perPage).map((m) => pickFields(m, fields));
    return listReply(ctx, "media", items, pagingHeaders(endpoint, ctx.query, media.length, paging), (item, i) =>
      i % 3 === 1 ? { ...item, id: "abc" } : item,
    );
  }
  return noRoute();
}
