import { data, Link } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { PageTitle } from "~/components/page-title";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { storyFormOptions } from "~/stories/stories.server";
import { StoryEditor } from "~/stories/story-editor";
import { EMPTY_STORY } from "~/stories/story-form";
import { handleStoryForm } from "~/stories/story-form.server";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/submit-story";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return data(await storyFormOptions(), { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  return handleStoryForm(request, context, user, null);
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: "Submit a story", description: "Write a story for Horror Stories and send it for review." });

export default function SubmitStory({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle>Submit a story</PageTitle>
      <p className="mt-2 text-muted">
        Save a draft as often as you like; a moderator reads a story once you submit it for review. Read the{" "}
        <Link to="/support/guidelines">guidelines</Link> first. Your stories and their status are in{" "}
        <Link to="/edit-story">your stories</Link>.
      </p>
      <div className="mt-6 rounded-lg border border-line bg-surface p-card">
        <StoryEditor
          action="/submit-story"
          storyId={null}
          values={EMPTY_STORY}
          lastResult={actionData}
          preview={{ shown: actionData && "preview" in actionData ? actionData.preview : null }}
          categories={loaderData.categories}
          tags={loaderData.tags}
        />
      </div>
    </div>
  );
}
