// /admin/bug-reports (docs/decisions/020): readers' bug reports with
// their status, and the error log grouped by message and route (count, first and
// last seen, a status). `?error=<id>` opens one log entry: a report's error id
// links here. The log holds the browsers' reports and the server's own exceptions.
// Both lists are searched, sorted and paged through the query string: the reports
// with q, sort, page and status; the groups with eq, esort, epage and esource.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { BugReportsPage } from "~/admin/bug-reports-ui";
import { errorGroupPage, findErrorEntry, listErrorGroups, setErrorGroupStatus } from "~/admin/error-groups.server";
import { setStatuses } from "~/admin/feedback-actions.server";
import { BugActionSchema, readFilters, STATUS_LABELS } from "~/admin/feedback-review";
import { listReviewItems } from "~/admin/feedback-review.server";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { ERROR_ID_PATTERN } from "~/errors/error-log";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { pageUrl } from "~/site/list-query";
import { redirectWithToast } from "~/toasts/toast.server";
import { replyToFailure } from "~/utils/forms";
import { keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/bug-reports";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const errorId = url.searchParams.get("error");
  const wanted = errorId && ERROR_ID_PATTERN.test(errorId) ? errorId : null;
  const bugParams = new URLSearchParams(url.searchParams);
  bugParams.set("kind", "bug");
  const filters = readFilters(bugParams);
  const [entry, reports, groups] = await Promise.all([
    wanted ? findErrorEntry(wanted) : null,
    listReviewItems(request, filters),
    listErrorGroups(),
  ]);
  return data(
    {
      errorId: wanted,
      askedFor: errorId,
      entry,
      reports,
      status: filters.status,
      bugQuery: { q: filters.q ?? "", shortened: filters.shortened, sort: filters.sort, page: filters.page },
      errors: errorGroupPage(groups, request),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readPostedForm(request, context);
  const submission = parseWithZod(form, { schema: BugActionSchema });
  if (submission.status !== "success") {
    return data({ result: replyToFailure(submission, ["intent", "id", "status"]) }, { status: 400 });
  }
  const { intent, id, status } = submission.value;
  if (intent === "bug-status") await setStatuses(admin, "bug", [id], status);
  else await setErrorGroupStatus(admin, id, status);
  const url = pageUrl(request);
  // Back at the item (its row's id), not the top of the list: see feedbackActionAnchor.
  const anchor = intent === "bug-status" ? `#bug-${id}` : `#group-${id}`;
  return redirectWithToast(url.pathname + url.search + anchor, {
    title: "Saved",
    description: `${intent === "bug-status" ? "Bug report" : "Error group"} marked ${STATUS_LABELS[status] ?? status}.`,
    variant: "success",
  });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Bug reports" });

export default function BugReports({ loaderData, actionData }: Route.ComponentProps) {
  return <BugReportsPage data={loaderData} actionData={actionData} />;
}
