// Fixed-window rate limits per action and client address. The counters are
// rows in the database, so every server process sharing it counts together.
import { data } from "react-router";
import { prisma } from "~/db.server";
import { tooManyAttempts } from "~/utils/retry-wording";

export type RateLimitRule = { limit: number; windowMs: number };

/** Attempts per client address and window: a sixth sign-in within 15 minutes gets the 429 page. */
export const RATE_LIMITS = {
  login: { limit: 5, windowMs: 15 * 60_000 },
  /**
   * Sign-ins to one account from any address: guesses spread over many
   * addresses stop here. Higher than the per-address limit, so that a reader's
   * own typos on two devices do not lock the account.
   */
  loginAccount: { limit: 10, windowMs: 15 * 60_000 },
  /**
   * Accounts made from one address. Only an attempt that reaches account creation counts, and one
   * refused there (the address or name is taken) is taken back: a reader's typos never use it up
   * (docs/decisions/056).
   */
  register: { limit: 5, windowMs: 60 * 60_000 },
  /**
   * Registrations that reach the database from one address, made or refused: "this email already
   * has an account" tells whether an address is registered, so asking it is limited too, higher.
   */
  registerTry: { limit: 20, windowMs: 60 * 60_000 },
  reset: { limit: 5, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/** Counts one hit and says whether it is within the limit. */
export async function hitRateLimit(key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const windowFloor = new Date(now - rule.windowMs);
  const start = new Date(now);
  // One statement: a new or expired window restarts at 1, otherwise the count goes up.
  const rows = await prisma.$queryRaw<{ count: number | bigint; windowStart: Date | string | number }[]>`
    INSERT INTO "RateLimit" ("key", "windowStart", "count") VALUES (${key}, ${start}, 1)
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."windowStart" <= ${windowFloor} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "windowStart" = CASE WHEN "RateLimit"."windowStart" <= ${windowFloor} THEN ${start} ELSE "RateLimit"."windowStart" END
    RETURNING "count", "windowStart"`;
  const row = rows[0];
  const count = Number(row?.count ?? 1);
  const windowStart = row
    ? new Date(typeof row.windowStart === "bigint" ? Number(row.windowStart) : row.windowStart).getTime()
    : now;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  return { allowed: count <= rule.limit, remaining: Math.max(0, rule.limit - count), retryAfterSeconds };
}

/**
 * Takes one counted hit back: an attempt refused by the form's own checks (a typo, not a guess) does
 * not use up the limit. The hit is counted first, so parallel attempts cannot slip past.
 */
export async function giveBackRateLimit(key: string) {
  await prisma.rateLimit.updateMany({ where: { key, count: { gt: 0 } }, data: { count: { decrement: 1 } } });
}

export async function resetRateLimit(key: string) {
  await prisma.rateLimit.deleteMany({ where: { key } });
}

/** Throws the 429 page (or JSON for the API) with Retry-After when the limit is passed. */
export async function enforceRateLimit(key: string, rule: RateLimitRule, options: { json?: boolean } = {}) {
  const result = await hitRateLimit(key, rule);
  if (!result.allowed) throwTooMany(result.retryAfterSeconds, options);
}

function throwTooMany(retryAfterSeconds: number, options: { json?: boolean }): never {
  const { message, init } = limitAnswer({ retryAfterSeconds });
  if (options.json) throw Response.json({ message, code: "CLIENT_ERROR" }, init);
  throw data({ message }, init);
}

/** A limit's refusal as a form shows it: the message with the wait, and a 429's status and Retry-After. */
export type LimitAnswer = { message: string; init: { status: 429; headers: { "Retry-After": string } } };

export function limitAnswer({ retryAfterSeconds }: Pick<RateLimitResult, "retryAfterSeconds">): LimitAnswer {
  return {
    message: tooManyAttempts(retryAfterSeconds),
    init: { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  };
}

// Sign-in attempts are counted twice: per client address, and per account (the
// normalised email asked for), each against its own limit.
const loginKeys = (address: string, email: string) => ({
  address: `login:${address}`,
  account: `login-account:${email.toLowerCase()}`,
});

/**
 * Counts a sign-in attempt before the password is checked (so parallel guesses
 * cannot slip past the limit) and throws the 429 when the address or the
 * account has had too many. The address is counted first, and the account only
 * when the address is still allowed.
 */
export async function enforceLoginLimit(address: string, email: string, options: { json?: boolean } = {}) {
  const refused = await loginLimit(address, email);
  if (refused) throwTooMany(refused.retryAfterSeconds, options);
}

/** The same count as `enforceLoginLimit`, for a form that answers the refusal itself: null when allowed. */
export async function loginLimit(address: string, email: string): Promise<RateLimitResult | null> {
  const keys = loginKeys(address, email);
  const byAddress = await hitRateLimit(keys.address, RATE_LIMITS.login);
  if (!byAddress.allowed) return byAddress;
  const byAccount = await hitRateLimit(keys.account, RATE_LIMITS.loginAccount);
  return byAccount.allowed ? null : byAccount;
}

const registerKeys = (address: string) => ({ tries: `register-try:${address}`, made: `register:${address}` });

/**
 * Counts a registration that passed the form's checks, before the account is made (parallel
 * attempts cannot slip past): null when allowed, else the refusal with its wait.
 */
export async function registrationLimit(address: string): Promise<RateLimitResult | null> {
  const keys = registerKeys(address);
  const tries = await hitRateLimit(keys.tries, RATE_LIMITS.registerTry);
  if (!tries.allowed) return tries;
  const made = await hitRateLimit(keys.made, RATE_LIMITS.register);
  return made.allowed ? null : made;
}

/** A registration refused at creation (the address or name is taken) made no account: it is taken back. */
export async function recordRegistrationRefused(address: string) {
  await giveBackRateLimit(registerKeys(address).made);
}

/**
 * After a successful sign-in: the account's failures start over, and this
 * attempt is taken back from the address's count. Nothing else is cleared: an
 * attacker who signs in to their own account between guesses at another one
 * leaves the failures of those guesses counted, on the address and on the
 * other account.
 */
export async function recordLoginSuccess(address: string, email: string) {
  const keys = loginKeys(address, email);
  await prisma.$transaction([
    prisma.rateLimit.deleteMany({ where: { key: keys.account } }),
    prisma.rateLimit.updateMany({ where: { key: keys.address, count: { gt: 0 } }, data: { count: { decrement: 1 } } }),
  ]);
}

/**
 * A sign-in with an external provider (its callback) counts against the same per-address limit
 * as a password sign-in; which account it opens is not known before the provider answers. The
 * caller explains a refusal on /auth with its wait (the callback is a redirect, not a page): null
 * when allowed.
 */
export async function providerLoginLimit(address: string): Promise<RateLimitResult | null> {
  const byAddress = await hitRateLimit(loginKeys(address, "").address, RATE_LIMITS.login);
  return byAddress.allowed ? null : byAddress;
}

/** After a provider sign-in succeeded: the attempt is taken back from the address's count. */
export async function recordProviderLoginSuccess(address: string) {
  await prisma.rateLimit.updateMany({
    where: { key: loginKeys(address, "").address, count: { gt: 0 } },
    data: { count: { decrement: 1 } },
  });
}
