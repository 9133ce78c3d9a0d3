import { data, Link } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { ContinueReading } from "~/components/continue-reading";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { StoryList } from "~/components/story-card";
import { contentChain } from "~/content/content.server";
import { continueReading, listShelves } from "~/library/library.server";
import { paragraphId } from "~/library/shelves";
import { publicPageHeaders } from "~/site/cache-policy";
import { LINK_PREFETCH } from "~/utils/connection";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/reader";

export async function loader({ request }: Route.LoaderArgs) {
  const [{ stories }, user] = await Promise.all([contentChain.listStories({ perPage: 5 }), getOptionalUser(request)]);
  // A signed-in reader's page is private: their places and shelves render on the server.
  const [reading, shelves] = await Promise.all([user ? continueReading(user.id) : null, listShelves(user, stories)]);
  return data({ stories, reading, shelves }, { headers: publicPageHeaders(request) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Reader", description: "Pick a story and settle in: the newest tales, ready to read." });

export default function Reader({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <PageTitle>Reader</PageTitle>
      {loaderData.reading ? <ServerContinueReading reading={loaderData.reading} /> : <ContinueReading />}
      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-x-4">
        <SectionTitle>Newest stories</SectionTitle>
        {/* The five newest only: the rest are in the Story Index, as the home page says too. */}
        <Link to="/stories" prefetch={LINK_PREFETCH} className="whitespace-nowrap">
          All stories
        </Link>
      </div>
      <StoryList stories={loaderData.stories} headingLevel={3} shelves={loaderData.shelves} />
    </div>
  );
}

type Place = { slug: string; path: string; title: string; paragraph: number; percent: number; gone: string | null };

/** A signed-in reader's places, from the server (works without JavaScript). */
function ServerContinueReading({ reading }: { reading: Place[] }) {
  return (
    <section aria-labelledby="continue" className="mt-6 rounded-lg border border-accent bg-surface p-5">
      <h2 id="continue" className="font-serif text-xl font-bold">
        Continue reading
      </h2>
      {reading.length ? (
        <ul className="mt-2 space-y-2">
          {reading.map((place) => (
            <li key={place.slug}>
              {place.gone ? (
                <>
                  {place.title} <span className="text-sm text-muted">{place.gone}</span>
                </>
              ) : (
                <>
                  <Link to={`${place.path}#${paragraphId(place.paragraph)}`}>{place.title}</Link>{" "}
                  <span className="text-sm text-muted">{place.percent}% read</span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">
          Stories you start will wait for you here. Your <Link to="/bookmarks">bookmarks</Link> and{" "}
          <Link to="/recommendations">recommendations</Link> are a good place to begin.
        </p>
      )}
    </section>
  );
}
