import { Link } from "react-router";
import { senderStatusLabel } from "~/admin/feedback-review";
import { requireUser } from "~/auth/auth.server";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { bugReportAbout } from "~/errors/bug-report";
import { listUserBugReports, listUserFeedback } from "~/feedback/feedback.server";
import { feedbackAbout } from "~/feedback/feedback-form";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { formatDate } from "~/utils/dates";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/feedback-dashboard";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

/** What the reader sent, in the words the forms and the review use (the labels are made here, on the server). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [feedback, bugs] = await Promise.all([listUserFeedback(user.id), listUserBugReports(user.id)]);
  return {
    feedback: feedback.map((f) => ({
      id: f.id,
      createdAt: f.createdAt,
      about: feedbackAbout(f.type, f.category),
      status: senderStatusLabel("feedback", f.status),
      text: f.content,
    })),
    bugs: bugs.map((b) => ({
      id: b.id,
      createdAt: b.createdAt,
      about: bugReportAbout(b.severity),
      status: senderStatusLabel("bug", b.status),
      text: b.whatHappened,
    })),
  };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Your feedback" });

type Sent = { id: string; createdAt: Date; about: string; status: string; text: string };

function SentList({ items, anchor }: { items: Sent[]; anchor: string }) {
  return (
    <ul className="mt-3 space-y-3">
      {items.map((item) => (
        <li key={item.id} id={`${anchor}-${item.id}`} className="rounded-lg border border-line bg-surface p-4">
          <p className="text-sm text-muted">
            {formatDate(item.createdAt)} · {item.about} · <span className="font-semibold text-ink">{item.status}</span>
          </p>
          <p className="mt-2 whitespace-pre-line">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export default function FeedbackDashboard({ loaderData }: Route.ComponentProps) {
  const { feedback, bugs } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageTitle>Your feedback</PageTitle>
      {feedback.length === 0 && bugs.length === 0 ? (
        <p className="mt-4 text-muted">
          You have not sent any feedback yet. <Link to="/feedback">Send some</Link>.
        </p>
      ) : (
        <>
          {feedback.length ? (
            <section aria-labelledby="sent-feedback" className="mt-6">
              <SectionTitle id="sent-feedback">Feedback ({feedback.length})</SectionTitle>
              <SentList items={feedback} anchor="feedback" />
            </section>
          ) : null}
          {/* A reader's bug reports and where they stand (an audit's defect 5: they appeared nowhere). */}
          {bugs.length ? (
            <section aria-labelledby="sent-bugs" className="mt-6">
              <SectionTitle id="sent-bugs">Bug reports ({bugs.length})</SectionTitle>
              <SentList items={bugs} anchor="bug" />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
