// What the user pages and the admin layout share (no server code).
import { invariantResponse } from "~/utils/http";

/** What a user id can look like (Prisma's cuid, or an id made elsewhere): anything else names no user. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** An address that can name no user is a 404 for anyone, before asking who they are (as /edit-story/:id). */
export function userIdParam(value: string): string {
  invariantResponse(USER_ID_PATTERN.test(value), "There is no such user.", { status: 404 });
  return value;
}
