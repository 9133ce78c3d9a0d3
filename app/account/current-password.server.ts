// Proving you own the account again, with its current password, before a sensitive change (the
// email address, the password). A stolen session could otherwise guess the password through these
// forms without meeting the sign-in limit: guesses here count against the account like sign-ins
// to it (RATE_LIMITS.loginAccount), one counter for every form that asks.
import { AuthError } from "~/auth/auth.server";
import { verifyPassword } from "~/auth/password.server";
import { hitRateLimit, RATE_LIMITS } from "~/auth/rate-limit.server";
import { tryAgainIn } from "~/utils/retry-wording";

export const WRONG_PASSWORD = "Your current password is not right.";
/** The wait is worded by the site's one rule (app/utils/retry-wording.ts). */
export const tooManyPasswords = (retryAfterSeconds: number) =>
  `Too many wrong passwords. ${tryAgainIn(retryAfterSeconds)}`;

/** A limit was reached: the answer is a 429 with this message. */
export class TooManyRequestsError extends Error {
  constructor(
    message: string,
    readonly field: "email" | "password",
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "TooManyRequestsError";
  }
}

/**
 * Throws unless `password` is the account's current one (its stored `hash`). Every try is counted
 * first, so parallel guesses cannot slip past the limit, and the right password is refused too
 * once the limit is reached.
 */
export async function checkCurrentPassword(userId: string, password: string | undefined, hash: string) {
  const attempt = await hitRateLimit(`reauth:${userId}`, RATE_LIMITS.loginAccount);
  if (!attempt.allowed)
    throw new TooManyRequestsError(tooManyPasswords(attempt.retryAfterSeconds), "password", attempt.retryAfterSeconds);
  if (!password || !(await verifyPassword(password, hash))) throw new AuthError(WRONG_PASSWORD, "password");
}
