import { data, Link } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { useRememberStory } from "~/components/continue-reading";
import { formatDate } from "~/components/story-card";
import { StoryImage } from "~/components/story-image";
import { contentChain } from "~/content/content.server";
import { storyBlocks } from "~/content/paragraphs.server";
import { readingMinutes } from "~/content/story";
import { BookmarkControl } from "~/library/bookmark-control";
import { getPosition, shelvesOf } from "~/library/library.server";
import { paragraphId } from "~/library/shelves";
import { StoryText, TrackedStoryText } from "~/library/story-text";
import { ReadingSettingsButton } from "~/preferences/reading-settings-button";
import { CLIENT_HINT_HEADERS, prefersLowData } from "~/utils/client-hints.server";
import { invariantResponse } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { isSlug } from "~/utils/slug";
import { publicPageHeaders } from "../../server/http-cache";
import type { Route } from "./+types/story";

/** /story/{slug} and /reader/{slug}: one module, two routes; the canonical URL is /story/{slug}. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.slug;
  invariantResponse(isSlug(slug), "No story has this address.", { status: 404 });
  const story = await contentChain.getStory(slug);
  invariantResponse(story, "No story has this address.", { status: 404 });
  const [{ previous, next }, user] = await Promise.all([contentChain.neighbours(story), getOptionalUser(request)]);
  // Only a signed-in reader's page (private, never cached) carries their shelf and position.
  const [shelves, position] = user
    ? await Promise.all([shelvesOf(user.id, [slug]), getPosition(user.id, slug)])
    : [null, null];
  const { contentHtml, ...rest } = story;
  const blocks = story.protected ? [] : storyBlocks(contentHtml);
  return data(
    {
      story: rest,
      blocks,
      minutes: readingMinutes(contentHtml),
      previous,
      next,
      lowData: prefersLowData(request),
      reader: user
        ? {
            shelf: shelves?.[slug] ?? null,
            position: position
              ? { ...position, paragraph: Math.min(position.paragraph, Math.max(0, blocks.length - 1)) }
              : null,
          }
        : null,
    },
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
  const { story, blocks, minutes, previous, next, lowData, reader } = loaderData;
  useRememberStory(story);
  return (
    <article className="story-column mx-auto">
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
        <div className="mt-3">
          <ReadingSettingsButton />
        </div>
        {story.image ? <StoryImage image={story.image} low={lowData} /> : null}
        {reader && !story.protected ? (
          <div className="mt-4 space-y-2">
            <BookmarkControl slug={story.slug} title={story.title} shelf={reader.shelf} />
            {reader.position && !reader.position.finished && reader.position.paragraph > 0 ? (
              <p>
                <a href={`#${paragraphId(reader.position.paragraph)}`} className="btn btn-primary">
                  Continue where you stopped ({reader.position.percent}% read)
                </a>
              </p>
            ) : null}
            {reader.position?.finished ? <p className="text-sm text-muted">You finished this story.</p> : null}
          </div>
        ) : null}
      </header>
      {story.protected ? (
        <div role="note" className="mt-8 rounded-lg border border-line bg-surface p-6">
          <h2 className="font-serif text-xl font-bold">This story is sealed</h2>
          <p className="mt-2">
            Its author has protected it with a password, so it cannot be read here. Try another story from the{" "}
            <Link to="/stories">Story Index</Link>.
          </p>
        </div>
      ) : reader ? (
        <TrackedStoryText
          key={story.slug}
          blocks={blocks}
          slug={story.slug}
          saved={reader.position?.paragraph ?? null}
        />
      ) : (
        <StoryText blocks={blocks} />
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
