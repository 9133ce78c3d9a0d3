// One rule for telling a reader how long to wait after a limit (a 429's Retry-After, in seconds):
// every form that answers "too many" words its wait with this (docs/decisions/056).

/** "1 minute", "14 minutes", "1 hour", "2 hours": whole minutes rounded up, hours from 60 minutes on. */
export function waitWording(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (minutes < 60) return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** "Try again in 14 minutes." */
export const tryAgainIn = (retryAfterSeconds: number) => `Try again in ${waitWording(retryAfterSeconds)}.`;

/** The message of every refused attempt at signing in, registering or asking for a link. */
export const tooManyAttempts = (retryAfterSeconds: number) => `Too many attempts. ${tryAgainIn(retryAfterSeconds)}`;
