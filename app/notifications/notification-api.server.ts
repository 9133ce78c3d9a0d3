// The notification centre's JSON API (for the enhanced client): GET the list
// with a filter and the counts, mark one or all read, clear, merge the browser's
// notifications after sign-in, and tell the server the panel was opened.
// CSRF is checked by the root middleware (X-CSRF-Token); anonymous readers get
// 401 JSON; an id that is not the reader's is a 404, as if it did not exist.
import type { RouterContextProvider } from "react-router";
import { getOptionalUser } from "~/auth/auth.server";
import { clientAddress } from "~/auth/client-address.server";
import { enforceRateLimit } from "~/auth/rate-limit.server";
import { pageCount } from "~/site/list-query";
import { issueMessage, jsonError, readJsonBody } from "~/utils/api-errors";
import { PAGE_NUMBER_MESSAGE, readPageNumber } from "~/utils/params";
import { FilterSchema, MergeSchema } from "./notification-schemas";
import { FILTERS } from "./notifications";
import {
  bellState,
  clearNotifications,
  countNotifications,
  LIST_LIMIT,
  listNotifications,
  markAllRead,
  markRead,
  mergeIntoAccount,
  NOTIFICATION_API_LIMIT,
  openPanel,
} from "./notifications.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The signed-in reader, within the rate limit; throws 429 or 401 JSON. */
async function requireApiReader(request: Request, context: Readonly<RouterContextProvider>) {
  await enforceRateLimit(`notifications:${clientAddress(context)}`, NOTIFICATION_API_LIMIT, { json: true });
  const user = await getOptionalUser(request);
  if (!user) throw jsonError("Sign in to see your notifications.", 401, NO_STORE);
  return user;
}

const ok = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE });

/** GET /api/notifications?filter=all|unread|read&page=N -> { notifications, counts, filter, page, pages }. */
export async function apiList(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireApiReader(request, context);
  const raw = new URL(request.url).searchParams.get("filter");
  if (raw !== null && !(FILTERS as readonly string[]).includes(raw)) {
    return jsonError("filter must be all, unread or read.", 400, NO_STORE);
  }
  const filter = FilterSchema.parse(raw ?? "all");
  // Paged as /notifications is (LIST_LIMIT a page); a page past the last is an empty list, not a redirect.
  const page = readPageNumber(new URL(request.url));
  if (page === null) return jsonError(PAGE_NUMBER_MESSAGE, 400, NO_STORE);
  await bellState(user.id);
  const list = await listNotifications(user.id, filter, page);
  return ok({ ...list, page, pages: pageCount(list.counts[filter], LIST_LIMIT) });
}

/** POST /api/notifications/{id}/read -> { notification, counts }. */
export async function apiMarkRead(request: Request, context: Readonly<RouterContextProvider>, id: string | undefined) {
  const user = await requireApiReader(request, context);
  if (!id || id.length > 100) return jsonError("Notification not found.", 404, NO_STORE);
  const notification = await markRead(user.id, id);
  if (!notification) return jsonError("Notification not found.", 404, NO_STORE);
  return ok({ notification, counts: await countNotifications(user.id) });
}

/** POST /api/notifications/read-all -> { updated, counts }. */
export async function apiReadAll(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireApiReader(request, context);
  const updated = await markAllRead(user.id);
  return ok({ updated, counts: await countNotifications(user.id) });
}

/** DELETE /api/notifications -> { removed, counts }; POST merges the browser's notifications. */
export async function apiCollection(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireApiReader(request, context);
  if (request.method.toUpperCase() === "DELETE") {
    const removed = await clearNotifications(user.id);
    return ok({ removed, counts: await countNotifications(user.id) });
  }
  const parsed = MergeSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(issueMessage(parsed.error, "Invalid notifications."), 400, NO_STORE);
  const merged = await mergeIntoAccount(user.id, parsed.data.notifications);
  return ok({ merged, counts: await countNotifications(user.id) });
}

/** POST /api/notifications/opened -> { cursed, counts }: the panel opened (spec §4). */
export async function apiOpened(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireApiReader(request, context);
  await bellState(user.id);
  const { cursed } = await openPanel(user.id);
  return ok({ cursed, counts: await countNotifications(user.id) });
}
