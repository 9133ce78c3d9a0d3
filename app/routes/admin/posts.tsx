import { data, Link } from "react-router";
import { STORY_SORTS } from "~/admin/content-sources";
import { POST_FILTERS, type PostFilter } from "~/admin/post-form";
import { listOwnPosts } from "~/admin/posts.server";
import { requireAdmin } from "~/auth/auth.server";
import { ListSearch, SortLinks, useListHref } from "~/components/list-controls";
import { PageTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { ScrollX } from "~/components/scroll-x";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { readListQuery } from "~/site/list-query";
import { formatDate } from "~/utils/dates";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/posts";

const FILTER_NAMES: Record<PostFilter, string> = {
  all: "All",
  published: "Published",
  scheduled: "Scheduled",
  draft: "Drafts",
};

const STATE_NAMES = { published: "Published", scheduled: "Scheduled", draft: "Draft" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") ?? "all";
  const query = {
    filter: ((POST_FILTERS as readonly string[]).includes(status) ? status : "all") as PostFilter,
    ...readListQuery(url.searchParams, STORY_SORTS),
  };
  const list = await listOwnPosts({
    request,
    filter: query.filter,
    page: query.page,
    search: query.q || undefined,
    order: query.sort,
  });
  return data({ ...list, query }, { headers: PRIVATE_PAGE_HEADERS });
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Own posts" });

export default function OwnPosts({ loaderData }: Route.ComponentProps) {
  const { posts, total, page, totalPages, query } = loaderData;
  const hrefFor = useListHref();
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <PageTitle>Own posts</PageTitle>
        <Link to="/admin/posts/new" className="btn btn-primary">
          New post
        </Link>
      </div>
      <p className="mt-2 text-muted">
        The site's own stories (the fourth source of the content chain). A post with a publish date in the future stays
        hidden from readers until then. The stories of every source, these included, are listed under{" "}
        <Link to="/admin/content">Content management</Link>.
      </p>
      <nav aria-label="Post status" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {POST_FILTERS.map((filter) => (
            <li key={filter}>
              <Link
                to={hrefFor({ status: filter === "all" ? null : filter })}
                className="btn py-1 text-sm"
                aria-current={query.filter === filter ? "page" : undefined}
              >
                {FILTER_NAMES[filter]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListSearch label="Search titles and text" button="Search" query={query} />
      <SortLinks label="Sort posts" options={STORY_SORTS} query={query} />
      <p className="mt-4 text-sm text-muted">
        {total} {total === 1 ? "post" : "posts"}
      </p>
      {posts.length ? (
        <ScrollX label="Own posts" className="mt-2">
          <table className="w-full max-md:stacked-table @max-[27rem]:stacked-table text-left text-sm">
            <caption className="sr-only">
              Own posts, {STORY_SORTS.find((s) => s.value === query.sort)?.label.toLowerCase()}
            </caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
                <th scope="col">Category</th>
                <th scope="col">Tags</th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => (
                <tr key={post.id} className="border-t border-line align-top">
                  <th scope="row" className="py-2 pr-2 font-normal">
                    <Link to={`/admin/posts/${post.id}`}>{post.title}</Link>
                  </th>
                  <td className="py-2 pr-2" data-label="Status">
                    {STATE_NAMES[post.state]}
                  </td>
                  <td className="py-2 pr-2" data-label="Date">
                    {formatDate(post.date)}
                    {post.state === "scheduled" ? ` ${post.date.slice(11, 16)} UTC` : ""}
                  </td>
                  <td className="py-2 pr-2" data-label="Category">
                    {post.category ?? "None"}
                  </td>
                  <td className="py-2" data-label="Tags">
                    {post.tags.join(", ") || "None"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      ) : (
        <p className="mt-4 text-muted">No posts here.</p>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={(page) => hrefFor({ page })} />
    </div>
  );
}
