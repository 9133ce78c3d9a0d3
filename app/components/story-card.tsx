import { Link } from "react-router";
import type { StorySummary } from "~/content/story";
import { BookmarkControl, storyCardId } from "~/library/bookmark-control";
import type { Shelf } from "~/library/shelves";
import { LINK_PREFETCH } from "~/utils/connection";
import { formatDate } from "~/utils/dates";
import { storyPath } from "~/utils/story-paths";
import { SectionTitle } from "./page-title";

/** The reader's shelf of each story, for signed-in readers only (anonymous lists stay the same for everyone). */
export type Shelves = Record<string, Shelf> | undefined;

export function StoryCard({
  story,
  headingLevel = 2,
  shelves,
  anchored = true,
}: {
  story: StorySummary;
  headingLevel?: 2 | 3;
  shelves?: Shelves;
  /** The card has its id (storyCardId), where its bookmark forms come back to; off where the same
      story may stand twice on a page (the home page's featured story). */
  anchored?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const id = anchored ? storyCardId(story.slug) : undefined;
  return (
    <article id={id} className="story-card rounded-lg border border-line bg-surface p-5">
      <SectionTitle as={Heading} inCard small>
        {/* The spec's default post stands in for an invalid item: there is no page to link to. */}
        {story.placeholder ? (
          story.title
        ) : (
          <Link to={storyPath(story)} prefetch={LINK_PREFETCH} className="text-ink no-underline hover:underline">
            {story.title}
          </Link>
        )}
      </SectionTitle>
      <p className="mt-1 text-sm text-muted">
        <time dateTime={story.date}>{formatDate(story.date)}</time>
        {story.community ? (
          <>
            {" · "}
            <span className="font-semibold text-ink">Community</span> story by{" "}
            {story.community.profile ? (
              <Link to={story.community.profile}>{story.community.author}</Link>
            ) : (
              story.community.author
            )}
          </>
        ) : story.author ? (
          ` · ${story.author}`
        ) : null}
        {story.categories.length ? ` · ${story.categories.map((c) => c.name).join(", ")}` : null}
      </p>
      {story.excerpt ? <p className="mt-3">{story.excerpt}</p> : null}
      {shelves ? (
        <div className="mt-3">
          <BookmarkControl slug={story.slug} title={story.title} shelf={shelves[story.slug] ?? null} anchor={id} />
        </div>
      ) : null}
    </article>
  );
}

export function StoryList({
  stories,
  headingLevel = 2,
  shelves,
  anchored = true,
}: {
  stories: StorySummary[];
  headingLevel?: 2 | 3;
  shelves?: Shelves;
  anchored?: boolean;
}) {
  return (
    // One column no wider than the page: an `auto` column grew to a card's longest word (in the
    // largest text with wide letter spacing, 341 px on a 320 px screen).
    <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4">
      {stories.map((story) => (
        <StoryCard
          key={`${story.id}-${story.slug}`}
          story={story}
          headingLevel={headingLevel}
          shelves={shelves}
          anchored={anchored}
        />
      ))}
    </div>
  );
}
