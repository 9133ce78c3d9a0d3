// /admin/feedback, /admin/feedback-management, /admin/feedback-review: one page
// (docs/decisions/016, 020). What readers sent, by kind (feedback and error
// reports, bug reports, contact messages, copyright claims), filtered by type,
// category and status through the query string; per item a status and internal
// notes; a bulk status change over ticked items; the filtered view as CSV
// (/admin/feedback.csv). /admin/feedback-review opens on the new items.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { applyFeedbackAction } from "~/admin/feedback-actions.server";
import { FeedbackActionSchema, feedbackActionAnchor, foldTicks, readFilters } from "~/admin/feedback-review";
import { listReviewItems, newCounts } from "~/admin/feedback-review.server";
import { FeedbackReviewPage } from "~/admin/feedback-review-ui";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { pageUrl } from "~/site/list-query";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/feedback";

/** The review queue's URL opens on new items (`status=all` shows every status there). */
const isReviewQueue = (pathname: string) => pathname.endsWith("/feedback-review");

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const url = pageUrl(request);
  const filters = readFilters(new URLSearchParams(url.search), isReviewQueue(url.pathname));
  const [list, counts] = await Promise.all([listReviewItems(request, filters), newCounts()]);
  // `me`: whose notes this admin may delete.
  return data({ path: url.pathname, filters, counts, me: admin.id, ...list }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = foldTicks(await readPostedForm(request, context));
  const submission = parseWithZod(form, { schema: FeedbackActionSchema });
  if (submission.status !== "success") {
    const intent = form.get("intent");
    const id = form.get("id");
    return data(
      {
        intent: typeof intent === "string" ? intent : "",
        id: typeof id === "string" ? id : "",
        result: replyToFailure(submission, ["intent", "kind"]),
      },
      { status: 400 },
    );
  }
  const done = await applyFeedbackAction(admin, submission.value);
  const url = pageUrl(request);
  return redirectWithToast(url.pathname + url.search + feedbackActionAnchor(submission.value), {
    title: "Saved",
    description: done,
    variant: "success",
  });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Feedback" });

export default function FeedbackReview({ loaderData, actionData }: Route.ComponentProps) {
  return <FeedbackReviewPage data={loaderData} actionData={actionData} />;
}
