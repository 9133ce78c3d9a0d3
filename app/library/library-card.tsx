import type { ReactNode } from "react";
import { Link } from "react-router";
import { SectionTitle } from "~/components/page-title";
import { BookmarkControl, storyCardId } from "./bookmark-control";
import type { Shelf } from "./shelves";

/**
 * A story in one of the reader's own lists (/bookmarks, /recommendations):
 * its title, what the list says of it, the excerpt, and its bookmark button.
 */
export function LibraryCard({
  slug,
  path,
  title,
  excerpt,
  shelf,
  meta,
  after,
  gone = null,
}: {
  slug: string;
  /** The story's page (withStoryPaths). */
  path: string;
  title: string;
  excerpt?: string | null;
  shelf: Shelf | null;
  /** Shown under the title. */
  meta: ReactNode;
  /** Shown after the excerpt. */
  after?: ReactNode;
  /** Taken down since it was shelved, what the card says of it: no link to a 404, a word why, and Remove (as AO3 and Wattpad do). */
  gone?: string | null;
}) {
  return (
    <li id={storyCardId(slug)} className="story-card rounded-lg border border-line bg-surface p-5">
      <SectionTitle inCard small>
        {gone ? (
          title
        ) : (
          <Link to={path} className="text-ink no-underline hover:underline">
            {title}
          </Link>
        )}
      </SectionTitle>
      {meta}
      {gone ? <p className="mt-2 font-semibold">{gone}</p> : null}
      {excerpt && !gone ? <p className="mt-2">{excerpt}</p> : null}
      {gone ? null : after}
      <div className="mt-3">
        {/* A story taken down keeps its control: Remove is there (its shelf can still change). */}
        <BookmarkControl slug={slug} title={title} shelf={shelf} anchor={storyCardId(slug)} />
      </div>
    </li>
  );
}
