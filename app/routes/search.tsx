import { Form, Link } from "react-router";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { SearchShortened } from "~/components/search-shortened";
import { StoryList } from "~/components/story-card";
import { SEARCH_QUERY_MAX } from "~/content/search";
import { loadSearch } from "~/content/search.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/search";

export async function loader({ request }: Route.LoaderArgs) {
  return loadSearch(request);
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: args.loaderData?.q ? `Search: ${args.loaderData.q}` : "Search" });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, shortened, stories, total, page, pages, shelves, categories } = loaderData;
  return (
    <div>
      <PageTitle>Search</PageTitle>
      <Form method="get" action="/search" role="search" aria-label="Stories" className="mt-4 flex max-w-xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search for
        </label>
        {/* After Back the box shows the search whose results are shown: keyed by it (a client-side
            navigation keeps the element otherwise), and without the browser's form restoration. */}
        <input
          key={q}
          autoComplete="off"
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={q ?? ""}
          maxLength={SEARCH_QUERY_MAX}
          className="min-w-0 flex-1 rounded border border-line bg-surface px-3 py-2 text-ink"
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </Form>
      {q ? (
        <section aria-live="polite" className="mt-6">
          {shortened ? <SearchShortened max={SEARCH_QUERY_MAX} className="mb-3" /> : null}
          <SectionTitle>
            {total} {total === 1 ? "result" : "results"} for “<SearchedWords text={q} />”
          </SectionTitle>
          {pages > 1 ? (
            <p className="mt-1 text-muted">
              Page {page} of {pages}
            </p>
          ) : null}
          {total === 0 ? (
            <div className="mt-3 space-y-3">
              <p>
                No story has these words in its title, summary or text. Check the spelling, or try fewer or other words.
              </p>
              <p>
                Or browse instead: <Link to="/stories">the Story Index</Link> lists every story.
              </p>
              {categories.length ? (
                <nav aria-label="Categories">
                  <ul className="flex flex-wrap gap-x-4 gap-y-1">
                    {categories.map((c) => (
                      <li key={c.slug}>
                        <Link to={`/stories?category=${encodeURIComponent(c.slug)}`}>{c.name}</Link>
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
            </div>
          ) : (
            <StoryList stories={stories} headingLevel={3} shelves={shelves} />
          )}
          <Pagination
            label="Pages of results"
            page={page}
            totalPages={pages}
            hrefFor={(n) => `/search?${new URLSearchParams(n > 1 ? { q, page: String(n) } : { q })}`}
          />
        </section>
      ) : null}
    </div>
  );
}

/**
 * The reader's own words in the heading: they break anywhere instead of shrinking the heading's
 * type (SectionTitle fits its longest word to the screen, and counts no component's text).
 */
function SearchedWords({ text }: { text: string }) {
  return <span className="[overflow-wrap:anywhere]">{text}</span>;
}
