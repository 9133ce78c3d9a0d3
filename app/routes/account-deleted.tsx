import { Link } from "react-router";
import { SUBMISSION_CHOICES } from "~/account/account";
import { PageTitle } from "~/components/page-title";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/account-deleted";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

/** Where a deleted account lands, signed out: what happened to it. The query holds no personal data. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const choice = SUBMISSION_CHOICES.find((c) => c === url.searchParams.get("submissions")) ?? null;
  const number = (name: string) =>
    Math.max(0, Math.min(1_000_000, Number.parseInt(url.searchParams.get(name) ?? "0", 10) || 0));
  return { choice, count: number("count"), unpublished: number("unpublished"), posts: number("posts") };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Account deleted" });

export default function AccountDeleted({ loaderData }: Route.ComponentProps) {
  const { choice, count, unpublished, posts } = loaderData;
  const yourPosts = posts === 1 ? "Your community post or comment" : `Your ${posts} community posts and comments`;
  const stories = count === 1 ? "story" : `${count} stories`;
  const verb = (one: string, many: string) => (count === 1 ? one : many);
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle>Your account was deleted</PageTitle>
      <ul className="mt-4 list-disc space-y-2 pl-6">
        <li>Your account, sessions, library, reading positions and notifications are gone. You are signed out.</li>
        <li>Your feedback, bug reports and messages to us were deleted.</li>
        {choice === "anonymise" ? (
          <li>
            {count > 0
              ? `Your ${stories} ${verb("stays", "stay")} on the site, credited to "Anonymous".`
              : unpublished > 0
                ? "You had no published stories."
                : "You had no submitted stories."}
          </li>
        ) : null}
        {choice === "anonymise" && unpublished > 0 ? (
          <li>
            {unpublished === 1
              ? "Your story that was not yet published was deleted."
              : `Your ${unpublished} stories that were not yet published were deleted.`}
          </li>
        ) : null}
        {choice === "remove" ? (
          <li>{count > 0 ? `Your ${stories} ${verb("was", "were")} removed.` : "You had no submitted stories."}</li>
        ) : null}
        {choice && posts === 0 ? <li>You had no community posts or comments.</li> : null}
        {choice === "anonymise" && posts > 0 ? (
          <li>{`${yourPosts} ${posts === 1 ? "stays" : "stay"}, credited to "A former reader".`}</li>
        ) : null}
        {choice === "remove" && posts > 0 ? (
          <li>
            {`${yourPosts} ${posts === 1 ? "was" : "were"} removed: each place says "deleted by its author", and the titles of threads you started went with them.`}
          </li>
        ) : null}
      </ul>
      <p className="mt-6">
        Thank you for reading with us. <Link to="/">Back to the stories</Link>
      </p>
    </div>
  );
}
