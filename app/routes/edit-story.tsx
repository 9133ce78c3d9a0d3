import { data, Link } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { PageTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { STATUS_LABELS } from "~/stories/state";
import { listWriterStories } from "~/stories/stories.server";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { formatDate } from "~/utils/dates";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import { communityStoryPath, editStoryPath } from "~/utils/story-paths";
import type { Route } from "./+types/edit-story";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return data({ stories: await listWriterStories(user.id) }, { headers: PRIVATE_PAGE_HEADERS });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Your stories" });

export default function EditStories({ loaderData }: Route.ComponentProps) {
  const { stories } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle>Your stories</PageTitle>
      <p className="mt-2">
        <Link to="/submit-story" className="btn btn-primary">
          Write a new story
        </Link>
      </p>
      {stories.length ? (
        <ul className="mt-6 space-y-4">
          {stories.map((story) => (
            <li key={story.id} className="rounded-lg border border-line bg-surface p-5">
              <h2 className="font-serif text-xl font-bold">
                <Link to={editStoryPath(story.id)}>{story.title}</Link>
              </h2>
              <p className="mt-1 text-sm text-muted">
                <span className="font-semibold text-ink">{STATUS_LABELS[story.status]}</span> · {story.wordCount} words
                · last changed {formatDate(story.updatedAt)}
                {story.revision ? ` · your edit: ${STATUS_LABELS[story.revision.status].toLowerCase()}` : null}
              </p>
              {story.status === "changes" || story.status === "rejected" ? (
                <p className="mt-2">
                  <span className="font-semibold">
                    {story.status === "changes" ? "The moderator's message:" : "The reason:"}
                  </span>{" "}
                  {story.moderationNote}
                </p>
              ) : null}
              {story.revision?.note ? (
                <p className="mt-2">
                  <span className="font-semibold">About your edit:</span> {story.revision.note}
                </p>
              ) : null}
              {story.status === "published" ? (
                <p className="mt-2">
                  <Link to={communityStoryPath(story.slug)}>Read it as readers see it</Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-muted">You have not written a story yet.</p>
      )}
    </div>
  );
}
