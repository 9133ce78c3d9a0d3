import { data, Link } from "react-router";
import { useRememberStory } from "~/components/continue-reading";
import { formatDate } from "~/components/story-card";
import { StoryImage } from "~/components/story-image";
import { contentChain } from "~/content/content.server";
import { readingMinutes, STORY_SLUG } from "~/content/story";
import { CLIENT_HINT_HEADERS, prefersLowData } from "~/utils/client-hints.server";
import { invariantResponse } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { publicPageHeaders } from "../../server/http-cache";
import type { Route } from "./+types/story";

/** /story/{slug} and /reader/{slug}: one module, two routes; the canonical URL is /story/{slug}. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.slug;
  invariantResponse(STORY_SLUG.test(slug), "No story has this address.", { status: 404 });
  const story = await contentChain.getStory(slug);
  invariantResponse(story, "No story has this address.", { status: 404 });
  const { previous, next } = await contentChain.neighbours(story);
  return data(
    { story, minutes: readingMinutes(story.contentHtml), previous, next, lowData: prefersLowData(request) },
    { headers: { ...publicPageHeaders(request), ...CLIENT_HINT_HEADERS, Vary: "Cookie, Save-Data, ECT" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(
    { ...args, location: { pathname: `/story/${args.params.slug}`, search: "" } },
    { title: args.loaderData?.story.title, description: args.loaderData?.story.excerpt || undefined, type: "article" },
  );

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  const { story, minutes, previous, next, lowData } = loaderData;
  useRememberStory(story);
  return (
    <article className="mx-auto max-w-2xl">
      <header>
        <h1 className="font-serif text-4xl font-bold">{story.title}</h1>
        <p className="mt-2 text-muted">
          <time dateTime={story.date}>{formatDate(story.date)}</time>
          {story.author ? ` · by ${story.author}` : null}
          {story.protected ? null : ` · ${minutes} min read`}
        </p>
        {story.categories.length || story.tags.length ? (
          <p className="mt-1 text-sm text-muted">
            {story.categories.map((c, i) => (
              <span key={c.slug}>
                {i > 0 ? ", " : null}
                <Link to={`/stories?category=${c.slug}`}>{c.name}</Link>
              </span>
            ))}
            {story.categories.length && story.tags.length ? " · " : null}
            {story.tags.map((t, i) => (
              <span key={t.slug}>
                {i > 0 ? ", " : null}
                <Link to={`/stories?tag=${t.slug}`}>{t.name}</Link>
              </span>
            ))}
          </p>
        ) : null}
        {story.image ? <StoryImage image={story.image} low={lowData} /> : null}
      </header>
      {story.protected ? (
        <div role="note" className="mt-8 rounded-lg border border-line bg-surface p-6">
          <h2 className="font-serif text-xl font-bold">This story is sealed</h2>
          <p className="mt-2">
            Its author has protected it with a password, so it cannot be read here. Try another story from the{" "}
            <Link to="/stories">Story Index</Link>.
          </p>
        </div>
      ) : (
        // Sanitised on the server with an allow-list (app/content/html.server.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML
        <div className="prose-story mt-8" dangerouslySetInnerHTML={{ __html: story.contentHtml }} />
      )}
      {previous || next ? (
        <nav aria-label="More stories" className="mt-12 flex flex-wrap justify-between gap-4 border-t border-line pt-6">
          {previous ? (
            <Link to={`/story/${previous.slug}`} rel="prev" prefetch="intent">
              ← Previous: {previous.title}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={`/story/${next.slug}`} rel="next" prefetch="intent">
              Next: {next.title} →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
