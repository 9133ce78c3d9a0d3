// The action of the reports section: one form per reported item, a named intent.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { requireAdmin } from "~/auth/auth.server";
import { readPostedForm } from "~/auth/csrf.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { safeRedirectPath } from "~/utils/redirect";
import { countOpenReports, listOpenReports, moderatePost, ReportError, recentModeration } from "./reports.server";
import { REPORTS_ACTION } from "./reports-section";
import { ModerationSchema } from "./schemas";

/** What <ReportsSection> needs: call from the moderation page's loader (after requireAdmin). */
export async function loadReportsSection() {
  const [groups, recent, open] = await Promise.all([listOpenReports(), recentModeration(), countOpenReports()]);
  return { groups, recent, open };
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
