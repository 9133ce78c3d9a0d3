// /notifications: the full-page notification centre (signed-in readers), the
// no-JavaScript twin of the header's panel.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { redirectWithToast } from "~/toasts/toast.server";
import { invariantResponse, readFormData } from "~/utils/http";
import { FilterSchema, NotificationActionSchema } from "./notification-schemas";
import { FILTERS, type NotificationFilter, safeNotificationLink } from "./notifications";
import {
  bellState,
  clearNotifications,
  listNotifications,
  markAllRead,
  markRead,
  openPanel,
} from "./notifications.server";

export function filterParam(url: URL): NotificationFilter {
  const raw = url.searchParams.get("filter");
  invariantResponse(
    raw === null || raw === "" || (FILTERS as readonly string[]).includes(raw),
    "The filter must be all, unread or read.",
  );
  return FilterSchema.parse(raw || "all");
}

const pageUrl = (filter: NotificationFilter | undefined) =>
  !filter || filter === "all" ? "/notifications" : `/notifications?filter=${filter}`;

/** Opening the page opens the panel: the rule runs, then an unread cursed notification is shown and marked read. */
export async function notificationsPage(userId: string, filter: NotificationFilter) {
  await bellState(userId);
  const { cursed } = await openPanel(userId);
  return { ...(await listNotifications(userId, filter)), cursed };
}

export async function notificationsAction(userId: string, request: Request) {
  const submission = parseWithZod(await readFormData(request), { schema: NotificationActionSchema });
  invariantResponse(
    submission.status === "success",
    "This form could not be sent as it was. Reload the page and try again.",
  );
  const { value } = submission;
  if (value.intent === "open") {
    const notification = await markRead(userId, value.id);
    invariantResponse(notification, "This notification does not exist (it may have been cleared).", { status: 404 });
    // Opening an item goes where it points, as a link would: no toast on the way.
    return redirect(safeNotificationLink(notification.link) ?? pageUrl(value.filter));
  }
  if (value.intent === "read-all") {
    const count = await markAllRead(userId);
    return redirectWithToast(pageUrl(value.filter), {
      title: "All notifications read",
      description: count === 1 ? "1 notification marked as read." : `${count} notifications marked as read.`,
      variant: "success",
    });
  }
  const count = await clearNotifications(userId);
  return redirectWithToast(pageUrl(value.filter), {
    title: "Notifications cleared",
    description: count === 1 ? "1 notification removed." : `${count} notifications removed.`,
    variant: "success",
  });
}
