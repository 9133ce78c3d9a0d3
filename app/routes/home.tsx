import { data, Link } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { StoryList } from "~/components/story-card";
import { contentChain } from "~/content/content.server";
import { listShelves } from "~/library/library.server";
import { routeMeta } from "~/utils/meta";
import { publicPageHeaders } from "../../server/http-cache";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const [latest, terms, user] = await Promise.all([
    contentChain.listStories({ perPage: 6 }),
    contentChain.listTerms(),
    getOptionalUser(request),
  ]);
  const shelves = await listShelves(user, latest.stories);
  return data(
    { stories: latest.stories, categories: terms.categories, shelves },
    { headers: publicPageHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { stories, categories, shelves } = loaderData;
  return (
    <div className="space-y-10">
      <section aria-labelledby="welcome">
        <h1 id="welcome" className="font-serif text-4xl font-bold">
          Stories for the long dark
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">
          Original gothic, psychological and folk horror, brewed slow and served by candlelight. Pull up a chair.
        </p>
      </section>
      <section aria-labelledby="latest">
        <div className="flex items-baseline justify-between">
          <h2 id="latest" className="font-serif text-2xl font-bold">
            Latest stories
          </h2>
          <Link to="/stories" prefetch="intent">
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
          <h2 id="categories" className="font-serif text-2xl font-bold">
            Categories
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to={`/stories?category=${encodeURIComponent(category.slug)}`} className="btn" prefetch="intent">
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
