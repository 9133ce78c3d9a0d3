// What a request can make the site mail to an address its sender chose (issue 39):
// counted per account and per recipient, in the database like every other rate
// limit (app/auth/rate-limit.server.ts), so every server process counts together.
// docs/decisions/032 gives the numbers and why.
import { tryAgainIn } from "~/utils/retry-wording";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.server";

export const MAIL_LIMITS = {
  /** Mail one account can make the site send (email-change links): a typo and two retries, with room. */
  account: { limit: 5, windowMs: 60 * 60_000 },
  /**
   * Mail one address receives at strangers' requests (email-change links, password-reset links),
   * whoever asks and from wherever: lower than the account's, since it is the victim's inbox.
   */
  recipient: { limit: 3, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export const MAIL_LIMIT_MESSAGE = "Too many emails were sent to this address or from your account.";

/** The refusal with its wait, worded by the site's one rule (app/utils/retry-wording.ts). */
export const mailLimitMessage = (allowance: MailAllowance) =>
  `${MAIL_LIMIT_MESSAGE} ${tryAgainIn(allowance.retryAfterSeconds)}`;

export type MailAllowance = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one mail to `recipient`, asked for by `accountId` when the sender has an
 * account. The account is counted first, and the recipient only while the account
 * is allowed: one account's refused requests do not use up the recipient's allowance.
 */
export async function allowMailTo(recipient: string, accountId?: string): Promise<MailAllowance> {
  if (accountId) {
    const account = await hitRateLimit(`mail-account:${accountId}`, MAIL_LIMITS.account);
    if (!account.allowed) return account;
  }
  return hitRateLimit(`mail-to:${recipient.trim().toLowerCase()}`, MAIL_LIMITS.recipient);
}
