import { data, Link } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { StoryList } from "~/components/story-card";
import { contentChain } from "~/content/content.server";
import { getFeaturedStory } from "~/content/featured.server";
import { listShelves } from "~/library/library.server";
import { publicPageHeaders } from "~/site/cache-policy";
import { LINK_PREFETCH } from "~/utils/connection";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const [latest, terms, user, featured] = await Promise.all([
    contentChain.listStories({ perPage: 6 }),
    contentChain.listTerms(),
    getOptionalUser(request),
    getFeaturedStory(),
  ]);
  // The featured story (chosen at /admin/content) is shown once, above the latest.
  const stories = featured ? latest.stories.filter((s) => s.slug !== featured.slug) : latest.stories;
  const shelves = await listShelves(user, featured ? [featured, ...stories] : stories);
  return data({ stories, featured, categories: terms.categories, shelves }, { headers: publicPageHeaders(request) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { stories, featured, categories, shelves } = loaderData;
  return (
    <div className="space-y-10">
      <section aria-labelledby="welcome">
        <PageTitle id="welcome">Stories for the long dark</PageTitle>
        <p className="mt-3 max-w-2xl text-lg text-muted">
          Original gothic, psychological and folk horror, brewed slow and served by candlelight. Pull up a chair.
        </p>
      </section>
      {featured ? (
        <section aria-labelledby="featured">
          <SectionTitle id="featured">Featured story</SectionTitle>
          <StoryList stories={[featured]} headingLevel={3} shelves={shelves} anchored={false} />
        </section>
      ) : null}
      <section aria-labelledby="latest">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <SectionTitle id="latest">Latest stories</SectionTitle>
          <Link to="/stories" prefetch={LINK_PREFETCH} className="whitespace-nowrap">
            All stories
          </Link>
        </div>
        {stories.length ? (
          <StoryList stories={stories} headingLevel={3} shelves={shelves} />
        ) : (
          <p className="mt-4 text-muted">No stories yet. Come back after dark.</p>
        )}
      </section>
      {categories.length > 0 ? (
        <section aria-labelledby="categories">
          <SectionTitle id="categories">Categories</SectionTitle>
          <ul className="mt-3 flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.slug} className="max-w-full">
                <Link
                  to={`/stories?category=${encodeURIComponent(category.slug)}`}
                  className="btn max-w-full"
                  prefetch={LINK_PREFETCH}
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
