import { useEffect } from "react";
import { data, Link } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { FilterGroups } from "~/components/filter-groups";
import { FormErrors } from "~/components/form-errors";
import { PageTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { listLibrary } from "~/library/library.server";
import { LibraryCard } from "~/library/library-card";
import { handleLibraryForm } from "~/library/library-form.server";
import { ShelfSchema } from "~/library/shelf-schemas";
import {
  LIBRARY_PATH,
  LIBRARY_SORTS,
  type LibrarySort,
  paragraphId,
  SHELF_LABELS,
  SHELVES,
  type Shelf,
} from "~/library/shelves";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { readPage, settlePages } from "~/site/list-query";
import { formatDate } from "~/utils/dates";
import { invariantResponse, keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { slugParam } from "~/utils/params";
import type { Route } from "./+types/bookmarks";

const SORT_LABELS: Record<LibrarySort, string> = { "-added": "Newest added", added: "Oldest added", title: "Title" };

/** /bookmarks: the reader's library, filtered and sorted through the query string (?shelf&category&sort&page). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const rawShelf = url.searchParams.get("shelf") || undefined;
  invariantResponse(!rawShelf || ShelfSchema.safeParse(rawShelf).success, "There is no shelf of that name.");
  const rawSort = url.searchParams.get("sort") || "-added";
  invariantResponse((LIBRARY_SORTS as readonly string[]).includes(rawSort), "Sort by -added, added or title.");
  const query = {
    shelf: rawShelf as Shelf | undefined,
    category: slugParam(url, "category"),
    sort: rawSort as LibrarySort,
    page: readPage(url.searchParams.get("page")),
  };
  const library = await listLibrary(user.id, query);
  settlePages(request, { page: query.page, pages: library.totalPages });
  return data({ ...library, query }, { headers: PRIVATE_PAGE_HEADERS });
}

/** Shelve, move, remove and undo: one form with an intent, for the library and every bookmark button. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  return handleLibraryForm(request, user);
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Bookmarks", description: "Your library: the stories you saved, read and finished." });

type Query = { shelf?: Shelf; category?: string; sort: LibrarySort; page?: number };

function libraryHref(query: Query) {
  const params = new URLSearchParams();
  if (query.shelf) params.set("shelf", query.shelf);
  if (query.category) params.set("category", query.category);
  if (query.sort !== "-added") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${LIBRARY_PATH}?${search}` : LIBRARY_PATH;
}

export default function Bookmarks({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, totalPages, counts, categories, query } = loaderData;
  const all = SHELVES.reduce((sum, s) => sum + counts[s], 0);
  // The library and its saved stories open offline (docs/decisions/042).
  useEffect(() => void import("~/offline/register.client").then((m) => m.startWhenReaderIsReady()), []);
  const errors = actionData && "error" in actionData ? Object.values(actionData.error ?? {}).flat() : [];
  return (
    <div>
      <PageTitle>Bookmarks</PageTitle>
      <p className="mt-2 text-muted">
        Your library. Looking for something new? See your <Link to="/recommendations">recommendations</Link>.
      </p>
      <FormErrors errors={errors.filter((e): e is string => typeof e === "string")} />
      <FilterGroups
        groups={[
          {
            id: "shelf",
            label: "Shelf",
            options: [
              {
                label: `All (${all})`,
                to: libraryHref({ ...query, shelf: undefined, page: 1 }),
                current: !query.shelf,
                all: true,
              },
              ...SHELVES.map((shelf) => ({
                label: `${SHELF_LABELS[shelf]} (${counts[shelf]})`,
                to: libraryHref({ ...query, shelf, page: 1 }),
                current: query.shelf === shelf,
              })),
            ],
          },
          {
            id: "category",
            label: "Category",
            options: categories.length
              ? [
                  {
                    label: "Every category",
                    to: libraryHref({ ...query, category: undefined, page: 1 }),
                    current: !query.category,
                    all: true,
                  },
                  ...categories.map((c) => ({
                    label: c.name,
                    to: libraryHref({ ...query, category: c.slug, page: 1 }),
                    current: query.category === c.slug,
                  })),
                ]
              : [],
          },
          {
            id: "sort",
            label: "Sort",
            sort: true,
            options: LIBRARY_SORTS.map((sort) => ({
              label: SORT_LABELS[sort],
              to: libraryHref({ ...query, sort, page: 1 }),
              current: query.sort === sort,
            })),
          },
        ]}
      />
      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {total === 1 ? "1 story" : `${total} stories`}
      </p>
      {items.length ? (
        <ul className="mt-4 grid gap-4">
          {items.map((item) => (
            <LibraryCard
              key={item.slug}
              slug={item.slug}
              path={item.path}
              title={item.title}
              excerpt={item.excerpt}
              shelf={item.shelf}
              gone={item.gone}
              meta={
                <p className="mt-1 text-sm text-muted">
                  Added <time dateTime={item.added}>{formatDate(item.added)}</time>
                  {item.author ? ` · ${item.author}` : null}
                  {item.categories.length ? ` · ${item.categories.map((c) => c.name).join(", ")}` : null}
                  {item.percent !== null ? ` · ${item.percent}% read` : null}
                </p>
              }
              after={
                item.paragraph !== null && item.percent !== null && item.percent < 100 ? (
                  <p className="mt-2">
                    <Link to={`${item.path}#${paragraphId(item.paragraph)}`}>
                      Continue where you stopped<span className="sr-only"> in {item.title}</span>
                    </Link>
                  </p>
                ) : null
              }
            />
          ))}
        </ul>
      ) : (
        <p className="mt-6">
          {all === 0 ? (
            <>
              Nothing here yet. Bookmark a story from its page or the <Link to="/stories">Story Index</Link>.
            </>
          ) : (
            "No story on this shelf matches."
          )}
        </p>
      )}
      <Pagination page={query.page} totalPages={totalPages} hrefFor={(page) => libraryHref({ ...query, page })} />
      {all > 0 ? (
        <section aria-labelledby="shelf-downloads" className="mt-12 border-t border-line pt-6">
          <h2 id="shelf-downloads" className="font-serif text-xl font-bold">
            Take a shelf with you
          </h2>
          <p className="mt-1 text-sm text-muted">One EPUB a shelf, with a chapter for each story.</p>
          <ul className="mt-2 flex flex-wrap gap-4">
            {SHELVES.filter((shelf) => counts[shelf] > 0).map((shelf) => (
              <li key={shelf}>
                <a href={`${LIBRARY_PATH}/download/${shelf}`} download>
                  Download {SHELF_LABELS[shelf]} as EPUB
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
