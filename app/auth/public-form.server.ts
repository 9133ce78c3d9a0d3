// The guard every public form shares (reset, feedback, bug report): the
// page gets its CSRF token and honeypot fields; the post is read, counted
// against the client's rate limit and checked for the honeypot. A post the
// form's own checks refuse is given back to the limit (giveBack).
import { data, type RouterContextProvider } from "react-router";
import { clientAddress } from "./client-address.server";
import { csrfToken, readPostedForm } from "./csrf.server";
import { checkHoneypot, honeypot } from "./honeypot.server";
import {
  giveBackRateLimit,
  hitRateLimit,
  type LimitAnswer,
  limitAnswer,
  type RateLimitRule,
} from "./rate-limit.server";

export async function publicFormProps(request: Request, context: Readonly<RouterContextProvider>) {
  return { csrf: await csrfToken(request, context), honeypot: await honeypot.getInputProps() };
}

/** The post, once counted against the client's limit and checked for the honeypot; past the limit, the 429 page. */
export async function readPublicForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  limit: { name: string; rule: RateLimitRule },
): Promise<FormData> {
  const { form, limited } = await readPublicFormOrLimit(request, context, limit);
  if (limited) throw data({ message: limited.message }, limited.init);
  return form;
}

/**
 * readPublicForm for a form that gives back what was typed: past the limit, the post is returned
 * with the refusal (its message says the wait; a 429 with Retry-After), for the page to show on the
 * form, not the 429 page that loses the text (docs/decisions/056).
 *
 * The post is counted before the form is checked, so parallel posts cannot slip past the limit;
 * one the form's own checks refuse (the 400 that gives the form back) calls `giveBack`, so a
 * reader's typos never use up the limit. A refusal that is a guess (a reset link's token) is not
 * given back.
 */
export async function readPublicFormOrLimit(
  request: Request,
  context: Readonly<RouterContextProvider>,
  limit: { name: string; rule: RateLimitRule },
): Promise<{ form: FormData; limited: LimitAnswer | null; giveBack: () => Promise<void> }> {
  const form = await readPostedForm(request, context);
  const key = `${limit.name}:${clientAddress(context)}`;
  const result = await hitRateLimit(key, limit.rule);
  if (!result.allowed) return { form, limited: limitAnswer(result), giveBack: async () => {} };
  await checkHoneypot(form);
  return { form, limited: null, giveBack: () => giveBackRateLimit(key) };
}

/**
 * A form refused past a limit, answered on the form: its message (the wait) above what was typed,
 * as a 429 with Retry-After (docs/decisions/056). Pages that use it keep the header with
 * `keepResponseHeaders`.
 */
export function limitedReply<Result>(
  submission: { reply(options: { formErrors: string[] }): Result },
  limited: LimitAnswer,
) {
  return data(submission.reply({ formErrors: [limited.message] }), limited.init);
}
