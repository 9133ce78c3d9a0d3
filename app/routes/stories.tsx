import { data, Link } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { FilterGroups } from "~/components/filter-groups";
import { PageTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { StoryList } from "~/components/story-card";
import { contentChain } from "~/content/content.server";
import type { Term } from "~/content/story";
import { listShelves } from "~/library/library.server";
import { publicPageHeaders } from "~/site/cache-policy";
import { readPage, settlePages } from "~/site/list-query";
import { invariantResponse } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { slugParam } from "~/utils/params";
import type { Route } from "./+types/stories";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = readPage(url.searchParams.get("page"));
  const category = slugParam(url, "category");
  const tag = slugParam(url, "tag");
  const [result, terms, user] = await Promise.all([
    contentChain.listStories({ page, category, tag }),
    contentChain.listTerms(),
    getOptionalUser(request),
  ]);
  // An unknown category or tag is no page, as WordPress's archive of one is a 404 (not an empty "All").
  invariantResponse(!category || terms.categories.some((c) => c.slug === category), "There is no such category.", {
    status: 404,
  });
  invariantResponse(!tag || terms.tags.some((t) => t.slug === tag), "There is no such tag.", { status: 404 });
  // A page past the end is a redirect to the last one (list-query.ts). WordPress answers such a
  // page with nothing, not its count: then page 1 (of the same filters) tells how many there are.
  const pages =
    page > result.totalPages && result.total === 0
      ? (await contentChain.listStories({ category, tag })).totalPages
      : result.totalPages;
  settlePages(request, { page, pages });
  // Bookmark buttons only on a signed-in reader's (private) page.
  const shelves = await listShelves(user, result.stories);
  return data({ ...result, category, tag, terms, shelves }, { headers: publicPageHeaders(request) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Story Index", description: "Every story on Horror Stories, newest first." });

function storiesHref(filters: { category?: string; tag?: string; page?: number }) {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `/stories?${query}` : "/stories";
}

/** A group of links to the list filtered by one of its terms, "All" first. */
function termGroup(
  id: string,
  label: string,
  terms: Term[],
  current: string | undefined,
  hrefFor: (slug?: string) => string,
) {
  return {
    id,
    label,
    options: [
      { label: "All", to: hrefFor(undefined), current: !current, all: true },
      ...terms.map((term) => ({ label: term.name, to: hrefFor(term.slug), current: current === term.slug })),
    ],
  };
}

export default function Stories({ loaderData }: Route.ComponentProps) {
  const { stories, total, page, totalPages, category, tag, terms } = loaderData;
  return (
    <div>
      <PageTitle>Story Index</PageTitle>
      <p className="mt-2 text-muted" aria-live="polite">
        {total} {total === 1 ? "story" : "stories"}
      </p>
      <FilterGroups
        groups={[
          termGroup("category", "Category", terms.categories, category, (slug) => storiesHref({ category: slug, tag })),
          termGroup("tag", "Tag", terms.tags, tag, (slug) => storiesHref({ category, tag: slug })),
        ]}
      />
      {stories.length ? (
        <StoryList stories={stories} shelves={loaderData.shelves} />
      ) : (
        <p className="mt-6 text-muted">
          No stories match these filters.
          {category || tag ? (
            <>
              {" "}
              <Link to="/stories">Clear the filters</Link> to see every story.
            </>
          ) : null}
        </p>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={(n) => storiesHref({ category, tag, page: n })} />
    </div>
  );
}
