// The action of the reports section: one form per reported item, a named intent.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { listParamNames, pageOf, readListQuery } from "~/site/list-query";
import { matchesWords } from "~/site/search-text";
import { redirectWithToast } from "~/toasts/toast.server";
import { safeRedirectPath } from "~/utils/redirect";
import { countOpenReports, listOpenReports, moderatePost, ReportError, recentModeration } from "./reports.server";
import { REPORT_SORTS, REPORTS_ACTION, REPORTS_PREFIX } from "./reports-section";
import { ModerationSchema } from "./schemas";

export const REPORTS_PAGE_SIZE = 10;

/**
 * What <ReportsSection> needs: call from the moderation page's loader (after requireAdmin).
 * One page of the open reports, searched (text, author, where) and sorted through the query string.
 */
export async function loadReportsSection(request: Request) {
  const query = readListQuery(new URL(request.url).searchParams, REPORT_SORTS, REPORTS_PREFIX);
  const [all, recent, open] = await Promise.all([listOpenReports(), recentModeration(), countOpenReports()]);
  const found = all.filter((g) => matchesWords(query.q, g.excerpt, g.author, g.where));
  if (query.sort !== "most") {
    const dir = query.sort === "newest" ? -1 : 1;
    found.sort((a, b) => dir * a.firstReportedAt.localeCompare(b.firstReportedAt) || a.postId - b.postId);
  }
  const { items, page, pages, total } = pageOf(
    request,
    found,
    query.page,
    REPORTS_PAGE_SIZE,
    listParamNames(REPORTS_PREFIX).page,
  );
  return { groups: items, recent, open, list: { query: { ...query, page }, pages, total } };
}

/** POST /admin/content-moderation/reports: hide, delete or dismiss one reported item (admins only). */
export async function reportsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const admin = await requireAdmin(request);
  const form = await readPostedForm(request, context);
  const submission = parseWithZod(form, { schema: ModerationSchema });
  if (submission.status !== "success")
    throw data({ message: "This form could not be sent as it was. Reload the page and try again." }, { status: 400 });
  try {
    const { message } = await moderatePost(admin, submission.value.postId, submission.value.intent);
    const back = safeRedirectPath(form.get("redirectTo"), REPORTS_ACTION);
    return redirectWithToast(back, { title: "Done", description: message, variant: "success" });
  } catch (error) {
    if (error instanceof ReportError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
