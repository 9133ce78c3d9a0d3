// One rule for the admin lists (docs/decisions/029: "Lists are paginated on the server,
// searchable and sortable by links"): a list's query string is a search text,
// a sort out of the list's own options (the first is the default) and a page,
// each under an optional prefix so that two lists can share a page (the
// moderation queue and the reports beside it, categories and tags). Links keep
// every other parameter of the page and leave the defaults out.
import { z } from "zod";
import { MAX_PAGE_NUMBER } from "~/utils/params";

export type SortOption<S extends string = string> = { readonly value: S; readonly label: string };

export type ListQuery<S extends string = string> = { q: string; sort: S; page: number };

const SEARCH = z.string().trim().max(100).catch("");
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
    q: SEARCH.parse(params.get(names.q) ?? ""),
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

/** One page of an already filtered and sorted list; a page past the end shows the last one. */
export function pageOf<T>(items: readonly T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages, total: items.length };
}

/** Does any of the fields contain the search text (case-insensitive)? An empty search matches all. */
export function matchesSearch(q: string, ...fields: (string | null | undefined)[]): boolean {
  if (!q) return true;
  const needle = q.toLocaleLowerCase();
  return fields.some((f) => f?.toLocaleLowerCase().includes(needle));
}
