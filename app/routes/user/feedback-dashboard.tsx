import { Link } from "react-router";
import { senderStatusLabel } from "~/admin/feedback-review";
import { requireUser } from "~/auth/auth.server";
import { useListHref } from "~/components/list-controls";
import { PageTitle, SectionTitle } from "~/components/page-title";
import { Pagination } from "~/components/pagination";
import { bugReportAbout } from "~/errors/bug-report";
import { userBugReportPage, userFeedbackPage } from "~/feedback/feedback.server";
import { feedbackAbout } from "~/feedback/feedback-form";
import { readSentList, SENT_ITEM } from "~/feedback/sent-lists";
import { PAGES_STYLESHEET } from "~/styles/pages-css";
import { formatDate } from "~/utils/dates";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/feedback-dashboard";

// Off the reading path: its utilities come from pages.css (docs/decisions/022).
export const links: Route.LinksFunction = () => PAGES_STYLESHEET;

/** What the reader sent, in the words the forms and the review use (the labels are made here, on the server). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const [feedback, bugs] = await Promise.all([
    userFeedbackPage(request, user.id, readSentList(params, "feedback")),
    userBugReportPage(request, user.id, readSentList(params, "bug")),
  ]);
  return {
    feedback: {
      ...feedback,
      items: feedback.items.map((f) => ({
        id: f.id,
        createdAt: f.createdAt,
        about: feedbackAbout(f.type, f.category),
        status: senderStatusLabel("feedback", f.status),
        text: f.content,
      })),
    },
    bugs: {
      ...bugs,
      items: bugs.items.map((b) => ({
        id: b.id,
        createdAt: b.createdAt,
        about: bugReportAbout(b.severity),
        status: senderStatusLabel("bug", b.status),
        text: b.whatHappened,
      })),
    },
  };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Your feedback" });

type Sent = { id: string; createdAt: Date; about: string; status: string; text: string };
type SentPage = {
  items: Sent[];
  total: number;
  page: number;
  pages: number;
  kind: string;
  param: string;
  named: boolean;
};

/** One of the two lists: its heading counts all of it, its page links keep the other list's page. */
function SentSection({ id, title, list }: { id: string; title: string; list: SentPage }) {
  const hrefFor = useListHref();
  return (
    <section aria-labelledby={id} className="mt-6">
      <SectionTitle id={id}>
        {title} ({list.total})
      </SectionTitle>
      <ul className="mt-3 space-y-3">
        {list.items.map((item) => (
          <li key={item.id} id={`${list.kind}-${item.id}`} className="rounded-lg border border-line bg-surface p-4">
            <p className="text-sm text-muted">
              {formatDate(item.createdAt)} · {item.about} ·{" "}
              <span className="font-semibold text-ink">{item.status}</span>
            </p>
            <p className="mt-2 whitespace-pre-line">{item.text}</p>
          </li>
        ))}
      </ul>
      <Pagination
        label={`Pages of ${title.toLowerCase()}`}
        page={list.page}
        totalPages={list.pages}
        hrefFor={(page) => hrefFor({ [list.param]: page, ...(list.named ? { [SENT_ITEM]: null } : {}) }, list.param)}
      />
    </section>
  );
}

export default function FeedbackDashboard({ loaderData }: Route.ComponentProps) {
  const { feedback, bugs } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <PageTitle>Your feedback</PageTitle>
      {feedback.total === 0 && bugs.total === 0 ? (
        <p className="mt-4 text-muted">
          You have not sent any feedback yet. <Link to="/feedback">Send some</Link>.
        </p>
      ) : (
        <>
          {feedback.total ? <SentSection id="sent-feedback" title="Feedback" list={feedback} /> : null}
          {/* A reader's bug reports and where they stand (an audit's defect 5: they appeared nowhere). */}
          {bugs.total ? <SentSection id="sent-bugs" title="Bug reports" list={bugs} /> : null}
        </>
      )}
    </div>
  );
}
