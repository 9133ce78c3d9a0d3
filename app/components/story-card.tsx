import { Link } from "react-router";

export type StoryCardPost = {
  slug: string;
  title: string;
  excerpt: string;
  createdAt: Date | string;
  authorName?: string | null;
  category?: { name: string } | null;
};

export function formatDate(value: Date | string) {
  return new Date(value).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export function StoryCard({ post, headingLevel = 2 }: { post: StoryCardPost; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="rounded-lg border border-line bg-surface p-5">
      <Heading className="font-serif text-xl font-bold">
        <Link to={`/story/${post.slug}`} prefetch="intent" className="text-ink no-underline hover:underline">
          {post.title}
        </Link>
      </Heading>
      <p className="mt-1 text-sm text-muted">
        <time dateTime={new Date(post.createdAt).toISOString()}>{formatDate(post.createdAt)}</time>
        {post.authorName ? ` · ${post.authorName}` : null}
        {post.category ? ` · ${post.category.name}` : null}
      </p>
      <p className="mt-3">{post.excerpt}</p>
    </article>
  );
}
