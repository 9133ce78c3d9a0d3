// The reader page of any story, whichever route shows it (/story/{slug},
// /reader/{slug}, /community-story/{slug}): one copy of the reading layout
// and typography. `beforeText` and `text` let a page put a notice in (a
// community story's writer line, a content-warning notice instead of the text).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useRememberStory } from "~/components/continue-reading";
import { StoryImage } from "~/components/story-image";
import { StoryDownloads } from "~/downloads/story-downloads";
import { BookmarkControl } from "~/library/bookmark-control";
import { useStoryBlocks } from "~/library/document-story-text";
import { paragraphId } from "~/library/shelves";
import type { StoryPageData } from "~/library/story-page.server";
import { StoryText, TrackedStoryText } from "~/library/story-text";
import { ReadingSettingsButton } from "~/preferences/reading-settings-button";
import { LINK_PREFETCH } from "~/utils/connection";
import { formatDate } from "~/utils/dates";
import { storyPath } from "~/utils/story-paths";
import { PageTitle } from "./page-title";

export function StoryArticle({
  data,
  byline,
  beforeText,
  hideText = false,
  path,
  children,
}: {
  data: StoryPageData;
  /** Replaces the plain "by {author}" (a community story links its writer). */
  byline?: ReactNode;
  beforeText?: ReactNode;
  /** The text is not shown (a content-warning notice stands in for it). */
  hideText?: boolean;
  /** The story's canonical page (its downloads live under it: app/downloads/formats.ts). */
  path: string;
  /** After the story: e.g. its comments. */
  children?: ReactNode;
}) {
  const { story, image, minutes, previous, next, connection, reader } = data;
  // In the document that carried it, the text is in its HTML only, not in the hydration data.
  const blocks = useStoryBlocks(data.blocks);
  useRememberStory({ slug: story.slug, title: story.title, path });
  return (
    <article className="story-column mx-auto">
      <header>
        <PageTitle dir="auto">{story.title}</PageTitle>
        <p className="mt-2 text-muted">
          <time dateTime={story.date}>{formatDate(story.date)}</time>
          {byline ?? (story.author ? ` · by ${story.author}` : null)}
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
        {image ? <StoryImage image={image} priority connection={connection} /> : null}
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
      {beforeText}
      {hideText ? null : story.protected ? (
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
          reader={reader.id}
          path={path}
        />
      ) : (
        <StoryText blocks={blocks} />
      )}
      {reader || story.protected || hideText ? null : (
        // The library is for signed-in readers: an anonymous one learns of it where a story ends.
        <p className="mt-8 text-sm text-muted">
          <Link to={`/auth?redirectTo=${encodeURIComponent(path)}`}>Sign in</Link> to bookmark this story, put it on a
          shelf and keep your place in it.
        </p>
      )}
      {story.protected ? null : (
        <StoryDownloads
          path={path}
          keep={reader ? null : { path, title: story.title, sources: image?.sources ?? [] }}
        />
      )}
      {children}
      {previous || next ? (
        <nav aria-label="More stories" className="mt-12 flex flex-wrap justify-between gap-4 border-t border-line pt-6">
          {previous ? (
            <Link to={storyPath(previous)} rel="prev" prefetch={LINK_PREFETCH}>
              ← Previous: {previous.title}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={storyPath(next)} rel="next" prefetch={LINK_PREFETCH}>
              Next: {next.title} →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
