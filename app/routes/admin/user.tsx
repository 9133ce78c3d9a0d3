import { data } from "react-router";
import { UserDetailPage } from "~/admin/user-detail-ui";
import { userIdParam } from "~/admin/users";
import { getUserDetail } from "~/admin/users.server";
import { userAction } from "~/admin/users-action.server";
import { requireAdmin } from "~/auth/auth.server";
import { PRIVATE_PAGE_HEADERS } from "~/site/cache-policy";
import { invariantResponse, keepResponseHeaders } from "~/utils/http";
import { routeMeta } from "~/utils/meta";
import type { Route } from "./+types/user";

export async function loader({ request, params }: Route.LoaderArgs) {
  userIdParam(params.userId);
  const admin = await requireAdmin(request);
  const detail = await getUserDetail(params.userId, request);
  invariantResponse(detail, "There is no such user.", { status: 404 });
  return data({ ...detail, self: admin.id === detail.user.id }, { headers: PRIVATE_PAGE_HEADERS });
}

/** One action on this user: promote, demote, suspend, reinstate, end sessions, delete. */
export async function action({ request, context, params }: Route.ActionArgs) {
  userIdParam(params.userId);
  return userAction(request, context, {
    bulk: false,
    back: `/admin/users/${encodeURIComponent(params.userId)}`,
    userId: params.userId,
  });
}

export const headers: Route.HeadersFunction = keepResponseHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: args.loaderData ? `User ${args.loaderData.user.username}` : "User" });

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  return <UserDetailPage data={loaderData} actionData={actionData} />;
}
