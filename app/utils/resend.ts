// What a form sent without JavaScript, carried by the 503 page that refused it, so that its
// "Try again" sends the same again rather than loading the form empty (docs/decisions/048). With
// JavaScript the page itself stays, with what was typed (~/offline/unanswered). The server picks
// the fields (database-outage.server.ts `resendOfRequest`); the page checks their shape here.

/** The fields to send again, in their order, and whether any were left out. */
export type Resend = {
  fields: [name: string, value: string][];
  /** A password is never written into a page: the reader types it again. */
  withoutPasswords: boolean;
  /** A file cannot be put back into a form: the reader chooses it again. */
  withoutFiles: boolean;
};

/** A field the 503 page leaves out: no password goes into a page's HTML. */
export const isPasswordField = (name: string) => /password/i.test(name);

/**
 * The `resend` of a 503 answer's data, when it has one: the site's own answer, so the shape is
 * trusted past its list (every reader's page carries this code, docs/decisions/048).
 */
export function resendOf(data: unknown): Resend | undefined {
  const resend = (data as { resend?: Resend } | null)?.resend;
  return Array.isArray(resend?.fields) ? resend : undefined;
}
