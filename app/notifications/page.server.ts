// /notifications: the full-page notification centre (signed-in readers), the
// no-JavaScript twin of the header's panel.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { readPage, settlePages } from "~/site/list-query";
import { redirectWithToast } from "~/toasts/toast.server";
import { invariantResponse, readFormData } from "~/utils/http";
import { FilterSchema, NotificationActionSchema } from "./notification-schemas";
import { FILTERS, type NotificationFilter, safeNotificationLink } from "./notifications";
import {
  bellState,
  clearNotifications,
  LIST_LIMIT,
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

const filterUrl = (filter: NotificationFilter | undefined) =>
  !filter || filter === "all" ? "/notifications" : `/notifications?filter=${filter}`;

/**
 * Opening the page opens the panel: the rule runs, then an unread cursed notification is shown and
 * marked read. The list is paged, LIST_LIMIT a page; a page past the last is a redirect to it.
 */
export async function notificationsPage(request: Request, userId: string, filter: NotificationFilter) {
  await bellState(userId);
  const { cursed } = await openPanel(userId);
  const asked = readPage(new URL(request.url).searchParams.get("page"));
  const list = await listNotifications(userId, filter, asked);
  const { page, pages } = settlePages(request, { page: asked, total: list.counts[filter], size: LIST_LIMIT });
  return { ...list, page, pages, cursed };
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
    return redirect(safeNotificationLink(notification.link) ?? filterUrl(value.filter));
  }
  if (value.intent === "read-all") {
    const count = await markAllRead(userId);
    return redirectWithToast(filterUrl(value.filter), {
      title: "All notifications read",
      description: count === 1 ? "1 notification marked as read." : `${count} notifications marked as read.`,
      variant: "success",
    });
  }
  const count = await clearNotifications(userId);
  return redirectWithToast(filterUrl(value.filter), {
    title: "Notifications cleared",
    description: count === 1 ? "1 notification removed." : `${count} notifications removed.`,
    variant: "success",
  });
}
