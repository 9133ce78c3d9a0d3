import { useEffect, useState } from "react";
import { Link } from "react-router";
import { LINK_PREFETCH } from "~/utils/connection";
import { safeRedirectPath } from "~/utils/redirect";

/** Where the reader last was, kept in the browser only (the pages stay cacheable). */
const STORAGE_KEY = "hs_last_story";

/** `path`: the story's page (a community story has its own); what an older version kept has only the slug. */
type LastStory = { slug: string; title: string; path?: string };

export function useRememberStory(story: LastStory) {
  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ slug: story.slug, title: story.title, path: story.path }));
    } catch {
      // Storage may be unavailable; remembering is only a convenience.
    }
  }, [story.slug, story.title, story.path]);
}

/** "Continue reading" on the reader landing, when there is something to continue (JavaScript only). */
export function ContinueReading() {
  const [last, setLast] = useState<LastStory | null>(null);
  useEffect(() => {
    try {
      const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
      if (value && typeof value.slug === "string" && typeof value.title === "string") setLast(value);
    } catch {
      // Nothing to continue.
    }
  }, []);
  if (!last) return null;
  return (
    <section aria-labelledby="continue" className="mt-6 rounded-lg border border-accent bg-surface p-5">
      <h2 id="continue" className="font-serif text-xl font-bold">
        Continue reading
      </h2>
      <p className="mt-2">
        {/* What is kept in the browser can be changed by anyone: a page of this site only. */}
        <Link to={safeRedirectPath(last.path, `/reader/${encodeURIComponent(last.slug)}`)} prefetch={LINK_PREFETCH}>
          {last.title}
        </Link>
      </p>
    </section>
  );
}
