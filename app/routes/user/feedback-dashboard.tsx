import { Link } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { PageTitle } from "~/components/page-title";
import { listUserFeedback } from "~/feedback/feedback.server";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { formatDate } from "~/utils/dates";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/feedback-dashboard";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const feedback = await listUserFeedback(user.id);
  return { feedback };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Your feedback" });

// The admin review's statuses (app/admin/feedback-review.ts); the old values read the same way.
const STATUS_LABELS: Record<string, string> = {
  new: "Received",
  "in-review": "In review",
  reviewed: "In review",
  done: "Done",
  resolved: "Done",
  "wont-do": "Won't do",
};

export default function FeedbackDashboard({ loaderData }: Route.ComponentProps) {
  const { feedback } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageTitle>Your feedback</PageTitle>
      {feedback.length === 0 ? (
        <p className="mt-4 text-muted">
          You have not sent any feedback yet. <Link to="/feedback">Send some</Link>.
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {feedback.map((item) => (
            <li key={item.id} className="rounded-lg border border-line bg-surface p-4">
              <p className="text-sm text-muted">
                {formatDate(item.createdAt)} · {item.type} · {item.category} ·{" "}
                <span className="font-semibold text-ink">{STATUS_LABELS[item.status] ?? item.status}</span>
              </p>
              <p className="mt-2 whitespace-pre-line">{item.content}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
