import { Form, redirect } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { StoryList } from "~/components/story-card";
import { contentChain } from "~/content/content.server";
import { listShelves } from "~/library/library.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/search";

const MAX_QUERY_LENGTH = 200;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("q");
  // An empty search box goes to /search itself.
  if (raw !== null && raw.trim() === "") throw redirect("/search");
  const q = raw?.trim().slice(0, MAX_QUERY_LENGTH) ?? null;
  if (!q) return { q: null, stories: [], total: 0, shelves: undefined };
  const [result, user] = await Promise.all([
    contentChain.listStories({ search: q, perPage: 20 }),
    getOptionalUser(request),
  ]);
  return { q, stories: result.stories, total: result.total, shelves: await listShelves(user, result.stories) };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: args.loaderData?.q ? `Search: ${args.loaderData.q}` : "Search" });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, stories, total, shelves } = loaderData;
  return (
    <div>
      <PageTitle>Search</PageTitle>
      <Form method="get" action="/search" role="search" aria-label="Stories" className="mt-4 flex max-w-xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search for
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={q ?? ""}
          maxLength={MAX_QUERY_LENGTH}
          className="min-w-0 flex-1 rounded border border-line bg-surface px-3 py-2 text-ink"
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </Form>
      {q ? (
        <section aria-live="polite" className="mt-6">
          <SectionTitle>
            {total} {total === 1 ? "result" : "results"} for “{q}”
          </SectionTitle>
          <StoryList stories={stories} headingLevel={3} shelves={shelves} />
        </section>
      ) : null}
    </div>
  );
}
