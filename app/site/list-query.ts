// One rule for the admin lists (docs/decisions/029: "Lists are paginated on the server,
// searchable and sortable by links"): a list's query string is a search text,
// a sort out of the list's own options (the first is the default) and a page,
// each under an optional prefix so that two lists can share a page (the
// moderation queue and the reports beside it, categories and tags). Links keep
// every other parameter of the page and leave the defaults out.
import { z } from "zod";
import { MAX_PAGE_NUMBER } from "~/utils/params";
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
const PAGE = z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).catch(1);

/** A list's page number from the query: anything malformed or out of range is page 1, never an error. */
export const readPage = (raw: string | null): number => PAGE.parse(raw ?? 1);

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

/** How many pages `total` items fill (one, empty, at least), and the page shown for `page`: one past the end shows the last. */
export function pageWithin(total: number, page: number, size: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  return { page: Math.min(page, pages), pages };
}

/** One page of an already filtered and sorted list; a page past the end shows the last one. */
export function pageOf<T>(items: readonly T[], page: number, size: number) {
  const { page: current, pages } = pageWithin(items.length, page, size);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages, total: items.length };
}
