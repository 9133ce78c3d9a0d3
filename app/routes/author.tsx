import { data } from "react-router";
import { usernameField } from "~/auth/validation";
import { PageTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { StoryList } from "~/components/story-card";
import { DEFAULT_AVATAR } from "~/profile/avatar";
import { publicPageHeaders } from "~/site/cache-policy";
import { readPage, settlePages } from "~/site/list-query";
import { getWriter } from "~/stories/community.server";
import { formatDate } from "~/utils/dates";
import { invariantResponse } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/author";

// The spec's shell preloads the default avatar on /author and /profile (§2): a writer without a
// picture shows it at once.
export const links: Route.LinksFunction = () => [{ rel: "preload", href: DEFAULT_AVATAR, as: "image" }];

/** A writer's public page: their published community stories (404 while the community is closed). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const username = params.username;
  // Only a name the username rule allows can belong to a writer. It also keeps out a NUL byte,
  // which PostgreSQL's text refuses with an error (docs/decisions/039).
  invariantResponse(usernameField.safeParse(username).success, "No writer has this name.", { status: 404 });
  const page = readPage(new URL(request.url).searchParams.get("page"));
  const writer = await getWriter(username, page);
  invariantResponse(writer, "No writer has this name.", { status: 404 });
  settlePages(request, { page, pages: writer.totalPages });
  return data(writer, { headers: publicPageHeaders(request) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.username,
    description: args.loaderData ? `Stories by ${args.loaderData.username} on Horror Stories.` : undefined,
  });

export default function Author({ loaderData }: Route.ComponentProps) {
  const { username, avatar, joined, stories, total, page, totalPages } = loaderData;
  return (
    <div>
      <div className="flex items-center gap-4">
        <img
          src={avatar ?? DEFAULT_AVATAR}
          alt=""
          width={64}
          height={64}
          className="h-16 w-16 rounded-full border border-line"
        />
        <div>
          <PageTitle>{username}</PageTitle>
          <p className="text-muted">
            Writer since {formatDate(joined)} · {total} published {total === 1 ? "story" : "stories"}
          </p>
        </div>
      </div>
      {stories.length ? <StoryList stories={stories} /> : <p className="mt-6 text-muted">No published stories yet.</p>}
      <Pagination
        page={page}
        totalPages={totalPages}
        hrefFor={(n) => `/author/${encodeURIComponent(username)}${n > 1 ? `?page=${n}` : ""}`}
      />
    </div>
  );
}
