// A story as pages show it, whichever source of the content chain it came from.
import { countWords } from "~/utils/text";

export type ContentSource = "wpcom" | "wp" | "synced" | "own" | "none";

export type Term = { slug: string; name: string };

export type StorySummary = {
  id: number;
  slug: string;
  /** Plain text, entities decoded. */
  title: string;
  /** Plain text, entities decoded. */
  excerpt: string;
  /** ISO 8601. */
  date: string;
  author: string | null;
  categories: Term[];
  featuredMedia: number;
  /** The spec's default post, standing in for an invalid remote item: it has no page to link to. */
  placeholder?: boolean;
  /**
   * A community story: its writer's name and public page (app/stories/). A story whose writer
   * deleted their account and left it on the site keeps its page, credited to its stored name with
   * no profile to link to.
   */
  community?: { author: string; profile: string | null };
};

/** A featured image as its source has it (the largest copy); pages show it through the image endpoint (app/images/). */
export type StoryImage = {
  alt: string;
  /** An http(s) URL of the source the story came from, or a path of our own origin. */
  src: string;
  width: number;
  height: number;
};

export type Story = StorySummary & {
  image: StoryImage | null;
  /** Sanitised HTML; empty when the story is password-protected. */
  contentHtml: string;
  protected: boolean;
  tags: Term[];
  modified: string | null;
  source: ContentSource;
};

export type StoryPage = {
  stories: StorySummary[];
  total: number;
  totalPages: number;
  page: number;
  source: ContentSource;
};

/** About 260 words a minute for fiction. */
export const WORDS_PER_MINUTE = 260;

export function readingMinutes(html: string): number {
  const words = countWords(html.replace(/<[^>]*>/g, " "));
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** A story list's order: newest first (what readers see), oldest first, or by title (the admin lists). */
export const LIST_ORDERS = ["newest", "oldest", "title"] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

/** Compares two summaries in a list order (for lists merged from two sources). */
export function compareInOrder(order: ListOrder = "newest") {
  return (a: { date: string; title: string }, b: { date: string; title: string }) =>
    order === "title"
      ? a.title.localeCompare(b.title)
      : order === "oldest"
        ? a.date.localeCompare(b.date)
        : b.date.localeCompare(a.date);
}
