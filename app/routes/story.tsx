import { data } from "react-router";
import { formatDate } from "~/components/story-card";
import { getOwnPost, readingMinutes } from "~/content/own-posts.server";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/story";

/** /story/{slug} and /reader/{slug}: one module, two routes. */
export async function loader({ params }: Route.LoaderArgs) {
  const post = await getOwnPost(params.slug);
  if (!post) throw data({ message: "No story has this address." }, { status: 404 });
  return {
    post: {
      slug: post.slug,
      title: post.title,
      content: post.content,
      excerpt: post.excerpt,
      createdAt: post.createdAt,
      authorName: post.authorName,
      category: post.category ? { name: post.category.name, slug: post.category.slug } : null,
      tags: post.tags.map((t) => ({ name: t.name, slug: t.slug })),
      minutes: readingMinutes(post.content),
    },
  };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(
    { ...args, location: { pathname: `/story/${args.params.slug}`, search: "" } },
    { title: args.loaderData?.post.title, description: args.loaderData?.post.excerpt ?? undefined, type: "article" },
  );

export default function Story({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="mx-auto max-w-2xl">
      <header>
        <h1 className="font-serif text-4xl font-bold">{post.title}</h1>
        <p className="mt-2 text-muted">
          <time dateTime={new Date(post.createdAt).toISOString()}>{formatDate(post.createdAt)}</time>
          {post.authorName ? ` · by ${post.authorName}` : null} · {post.minutes} min read
        </p>
        {post.category || post.tags.length ? (
          <p className="mt-1 text-sm text-muted">
            {post.category ? post.category.name : null}
            {post.tags.length ? ` · ${post.tags.map((t) => t.name).join(", ")}` : null}
          </p>
        ) : null}
      </header>
      {/* Own posts are the product's own HTML; remote HTML is sanitised before it gets here (content chain issue). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, server-side content */}
      <div className="prose-story mt-8" dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  );
}
