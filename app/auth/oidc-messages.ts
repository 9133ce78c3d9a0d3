// What a reader reads when signing in or connecting with a provider did not work. The pages get
// a code in the query (?oidc=state&provider=keycloak) and show the text from here: nothing a
// provider or a link sends is ever shown as it came.
import { tryAgainIn } from "~/utils/retry-wording";

export const OIDC_MESSAGES = {
  denied: (name: string) => `Signing in with ${name} was cancelled or refused, so nothing changed.`,
  "provider-error": (name: string) => `${name} answered with an error. Try again in a moment.`,
  state: (name: string) =>
    `This sign-in with ${name} expired or was not started in this browser. Start again with the button.`,
  token: (name: string) =>
    `We could not verify the answer from ${name}, so nothing changed. Try again, or sign in with your password.`,
  unavailable: (name: string) => `${name} cannot be reached right now. Try again later, or sign in with your password.`,
  "email-taken": (name: string) =>
    `An account with the email ${name} gave us already exists. Sign in with your password, then connect ${name} under Settings, Connected accounts.`,
  "email-unverified": (name: string) =>
    `${name} did not give us a confirmed email address, so we cannot create an account with it. Create an account with your email, then connect ${name} under Settings, Connected accounts.`,
  "registration-closed": (name: string) =>
    `Registration is closed for now, so we cannot create a new account with ${name}. If you already have an account, sign in with your password.`,
  "account-gone": () => "That account no longer exists.",
  suspended: () =>
    "This account is suspended, so it cannot sign in. If you think this is a mistake, write to us through the contact page.",
  "linked-elsewhere": (name: string) =>
    `This ${name} account is already connected to another account here. Disconnect it there first, or sign in with it.`,
  "already-connected": (name: string) =>
    `Your account is already connected to another ${name} account. Disconnect that one first.`,
  "signed-out": (name: string) => `Sign in again, then connect ${name}.`,
  /** With the limit's wait in seconds (?wait=), in the shared wording of every limit (docs/decisions/056). */
  "too-many": (_name: string, wait?: number) =>
    `Too many sign-in attempts. ${wait ? tryAgainIn(wait) : "Please wait a few minutes and try again."}`,
  "unknown-provider": () => "That sign-in provider is not available on this site.",
} as const satisfies Record<string, (name: string, wait?: number) => string>;

export type OidcMessageCode = keyof typeof OIDC_MESSAGES;

/** The message for a code from the query (and a limit's wait, whole seconds), or null for anything else. */
export function oidcMessage(code: string | null, providerName: string | null, wait?: string | null): string | null {
  if (!code || !Object.hasOwn(OIDC_MESSAGES, code)) return null;
  const seconds = wait && /^\d{1,6}$/.test(wait) ? Number(wait) : undefined;
  return OIDC_MESSAGES[code as OidcMessageCode](providerName ?? "The provider", seconds);
}
