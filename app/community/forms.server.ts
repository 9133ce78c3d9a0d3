// The guard of every community form: signed-in writers only, the CSRF token
// (root middleware), the honeypot, and two rate limits: per client address
// when the form is read, and per account before anything is written. Past
// either, the form comes back with the wait and what was typed (limitedReply).
import { data, type RouterContextProvider } from "react-router";
import { requireUser } from "~/auth/auth.server";
import { publicFormProps, readPublicFormOrLimit } from "~/auth/public-form.server";
import { hitRateLimit, type LimitAnswer, limitAnswer } from "~/auth/rate-limit.server";
import { COMMUNITY_RATE_LIMITS, ownPost, requireCommunityOpen } from "./discussion.server";
import type { WriterProps } from "./discussion-ui";

export type CommunityFormKind = keyof typeof COMMUNITY_RATE_LIMITS;

/**
 * The post, counted against the client address's limit: `limited` is the refusal past it, else
 * null; `giveBack` for a post the form's checks refuse.
 */
export function readCommunityForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: CommunityFormKind,
): ReturnType<typeof readPublicFormOrLimit> {
  return readPublicFormOrLimit(request, context, { name: `community-${kind}`, rule: COMMUNITY_RATE_LIMITS[kind] });
}

/**
 * Counted only for a valid submission (a reader's typos do not use up their posts): null when
 * allowed, else the refusal with the wait.
 */
export async function accountLimit(user: { id: string }, kind: CommunityFormKind): Promise<LimitAnswer | null> {
  const result = await hitRateLimit(`community-${kind}-account:${user.id}`, COMMUNITY_RATE_LIMITS[kind]);
  return result.allowed ? null : limitAnswer(result);
}

/** The form props of a signed-in reader's page; null for anonymous readers (no token, so the page stays cacheable). */
export async function writerProps(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: unknown,
): Promise<WriterProps> {
  return user ? publicFormProps(request, context) : null;
}

/** ?quote={postId}: a whole number, or nothing (an odd value is ignored: the form simply has no quote). */
export function quoteParam(url: URL): number | undefined {
  const raw = url.searchParams.get("quote");
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/** A route's numeric :id, or a 404. */
export function idParam(raw: string | undefined, what: string): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(what);
  return Number(raw);
}

export function notFound(what: string) {
  return data({ message: `There is no ${what} at this address.` }, { status: 404 });
}

/**
 * The reader's own post that /community/posts/{id}/edit and /delete are about, for the page and its
 * form alike: the 404 for a junk address before the sign-in page, then the reader, then the post if
 * it is theirs and still theirs to change (ownPost).
 */
export async function ownPostOfRequest(request: Request, rawId: string | undefined) {
  await requireCommunityOpen();
  const id = idParam(rawId, "post");
  const user = await requireUser(request);
  return { id, user, own: await ownPost(user, id) };
}
