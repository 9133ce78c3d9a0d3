import { Link } from "react-router";
import { StoryCard } from "~/components/story-card";
import { listCategories, listOwnPosts } from "~/content/own-posts.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/home";

export async function loader() {
  const [{ posts }, categories] = await Promise.all([listOwnPosts({ perPage: 6 }), listCategories()]);
  return { posts, categories };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { posts, categories } = loaderData;
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
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {posts.map((post) => (
            <StoryCard key={post.slug} post={post} headingLevel={3} />
          ))}
        </div>
      </section>
      {categories.length > 0 ? (
        <section aria-labelledby="categories">
          <h2 id="categories" className="font-serif text-2xl font-bold">
            Categories
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.slug}>
                <span className="inline-block rounded border border-line px-3 py-1">
                  {category.name} <span className="text-muted">({category._count.posts})</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
