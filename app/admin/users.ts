// What the user pages and the admin layout share (no server code).

import type { SortOption } from "~/site/list-query";
import { invariantResponse } from "~/utils/http";

/** The longest suspension reason: the action's check and the textarea's maxlength. */
export const SUSPEND_REASON_MAX = 500;

/** The users list's orders; the first is its default (app/site/list-query.ts reads them). */
export const USER_SORTS = [
  { value: "joined-desc", label: "Newest first" },
  { value: "joined-asc", label: "Oldest first" },
  { value: "name-asc", label: "Name A to Z" },
  { value: "name-desc", label: "Name Z to A" },
] as const satisfies readonly [SortOption, ...SortOption[]];

/** What a user id can look like (Prisma's cuid, or an id made elsewhere): anything else names no user. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** An address that can name no user is a 404 for anyone, before asking who they are (as /edit-story/:id). */
export function userIdParam(value: string): string {
  invariantResponse(USER_ID_PATTERN.test(value), "There is no such user.", { status: 404 });
  return value;
}
