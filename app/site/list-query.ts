// One rule for the site's lists (docs/decisions/029: "Lists are paginated on the server,
// searchable and sortable by links"; 061: every paged list settles its page here): a list's query string is a search text,
// a sort out of the list's own options (the first is the default) and a page,
// each under an optional prefix so that two lists can share a page (the
// moderation queue and the reports beside it, categories and tags). Links keep
// every other parameter of the page and leave the defaults out.
import { redirect } from "react-router";
import { PageNumberSchema } from "~/utils/params";
import { cleanSearchText } from "./search-text";

export type SortOption<S extends string = string> = { readonly value: S; readonly label: string };

/** `shortened`: the search box held more than LIST_SEARCH_MAX characters, and only the first were searched for. */
export type ListQuery<S extends string = string> = { q: string; shortened: boolean; sort: S; page: number };

/** The longest search of an admin list, and its search box's maxlength; a longer one is cut, and the page says so. */
export const LIST_SEARCH_MAX = 100;

/** A list's search text (search-text.ts), cut to LIST_SEARCH_MAX characters. */
export function readListSearch(raw: string | null): { q: string; shortened: boolean } {
  const text = cleanSearchText(raw);
  return { q: text.slice(0, LIST_SEARCH_MAX).trim(), shortened: text.length > LIST_SEARCH_MAX };
}
/**
 * A list's page number from the query: anything malformed (`abc`, `-1`, `1.5`, empty, beyond
 * MAX_PAGE_NUMBER) is page 1, never an error. A page past the list's end is settlePages' to answer.
 */
export function readPage(raw: string | null): number {
  const result = PageNumberSchema.safeParse(raw ?? "");
  return result.success ? result.data : 1;
}

/** The names of a list's three parameters under `prefix` (e.g. "r" gives rq, rsort, rpage). */
export function listParamNames(prefix = "") {
  return { q: `${prefix}q`, sort: `${prefix}sort`, page: `${prefix}page` } as const;
}

/** Reads a list's query; anything unknown or malformed falls back to the default, never an error. */
export function readListQuery<S extends string>(
  params: URLSearchParams,
  sorts: readonly [SortOption<S>, ...SortOption<S>[]],
  prefix = "",
): ListQuery<S> {
  const names = listParamNames(prefix);
  const sort = params.get(names.sort);
  return {
    ...readListSearch(params.get(names.q)),
    sort: sorts.find((s) => s.value === sort)?.value ?? sorts[0].value,
    page: readPage(params.get(names.page)),
  };
}

/**
 * The page's address with some parameters changed (null or "" removes one). A change of anything
 * but the page goes back to page 1 of that list, so `pageParam` names the list's page parameter.
 */
export function listHref(
  pathname: string,
  current: URLSearchParams,
  change: Record<string, string | number | null>,
  pageParam = "page",
): string {
  const next = new URLSearchParams(current);
  if (!(pageParam in change)) next.delete(pageParam);
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === "" || (key === pageParam && Number(value) === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * The page a request is about: a client-side data request comes to `/page.data?_routes=...`
 * (single fetch), which is still that page, with its own query string.
 */
export function pageUrl(request: Request): { pathname: string; search: string } {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return { pathname, search: url.search };
}

/** How many pages `total` items fill: one at least, so an empty list has its page 1. */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/**
 * The one paging rule of every paged list (docs/decisions/061): the page asked for (readPage made
 * anything malformed page 1) against the list's number of pages, given as `pages` or as `total`
 * items of `size` a page. A page past the last is no page: the answer is a 302 to the last one,
 * with the request's other parameters kept (a bookmark to page 9 of a list that shrank, a link
 * from before a deletion). `param` names the list's page parameter (`rpage`, `cpage`, ...).
 */
export function settlePages(
  request: Request,
  list: { page: number; param?: string } & ({ pages: number } | { total: number; size: number }),
): { page: number; pages: number } {
  const pages = "pages" in list ? Math.max(1, list.pages) : pageCount(list.total, list.size);
  if (list.page <= pages) return { page: list.page, pages };
  const { pathname, search } = pageUrl(request);
  throw redirect(listHref(pathname, new URLSearchParams(search), { [list.param ?? "page"]: pages }, list.param));
}

/** One page of an already filtered and sorted list (settlePages' rule for a page past the end). */
export function pageOf<T>(request: Request, items: readonly T[], page: number, size: number, param = "page") {
  const { page: current, pages } = settlePages(request, { page, total: items.length, size, param });
  return { items: items.slice((current - 1) * size, current * size), page: current, pages, total: items.length };
}
