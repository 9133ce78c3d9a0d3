// The admin lists' search box, sort links and page links (app/site/list-query.ts
// has the rule). Plain GET forms and links: they work without JavaScript. The
// page's address is read from the router's location, never from the loader's
// request (with JavaScript that is the `.data` request, not the page).
import { Form, Link, useLocation } from "react-router";
import { SearchShortened } from "~/components/search-shortened";
import { LIST_SEARCH_MAX, type ListQuery, listHref, listParamNames, type SortOption } from "~/site/list-query";

/** `(change, pageParam) => href` for the current page: other parameters kept, defaults left out. */
export function useListHref() {
  const { pathname, search } = useLocation();
  return (change: Record<string, string | number | null>, pageParam = "page") =>
    listHref(pathname, new URLSearchParams(search), change, pageParam);
}

/** Links that sort one list; the current order is marked with aria-current. */
export function SortLinks({
  label,
  options,
  query,
  prefix = "",
}: {
  label: string;
  options: readonly SortOption[];
  query: ListQuery;
  prefix?: string;
}) {
  const names = listParamNames(prefix);
  const hrefFor = useListHref();
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <span className="text-muted">Sort:</span>
      {options.map((s, i) => (
        <Link
          key={s.value}
          to={hrefFor({ [names.sort]: i === 0 ? null : s.value }, names.page)}
          aria-current={query.sort === s.value ? "page" : undefined}
          className={query.sort === s.value ? "font-bold underline" : "underline"}
        >
          {s.label}
        </Link>
      ))}
    </nav>
  );
}

/** A search box for one list; the page's other parameters (other lists, filters) are kept. */
export function ListSearch({
  label,
  button,
  query,
  prefix = "",
}: {
  label: string;
  button: string;
  query: ListQuery;
  prefix?: string;
}) {
  const names = listParamNames(prefix);
  const { search } = useLocation();
  const id = `${names.q}-search`;
  const kept = [...new URLSearchParams(search).entries()].filter(([key]) => key !== names.q && key !== names.page);
  return (
    <Form method="get" role="search" aria-label={label} className="mt-3 flex flex-wrap items-end gap-2">
      {kept.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <div className="min-w-0 grow basis-56">
        <label htmlFor={id} className="block font-semibold">
          {label}
        </label>
        {/* Keyed by the search: after Back the box shows the search of the list shown. */}
        <input
          key={query.q}
          id={id}
          name={names.q}
          type="search"
          defaultValue={query.q}
          maxLength={LIST_SEARCH_MAX}
          className="w-full rounded border border-line bg-bg px-3 py-2 text-ink"
        />
      </div>
      <button type="submit" className="btn">
        {button}
      </button>
      {query.shortened ? <SearchShortened max={LIST_SEARCH_MAX} /> : null}
    </Form>
  );
}
