// The guard every public form shares (reset, feedback, bug report): the
// page gets its CSRF token and honeypot fields; the post is read, counted
// against the client's rate limit and checked for the honeypot.
import type { RouterContextProvider } from "react-router";
import { clientAddress } from "./client-address.server";
import { csrfToken, readPostedForm } from "./csrf.server";
import { checkHoneypot, honeypot } from "./honeypot.server";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit.server";

export async function publicFormProps(request: Request, context: Readonly<RouterContextProvider>) {
  return { csrf: await csrfToken(request, context), honeypot: await honeypot.getInputProps() };
}

export async function readPublicForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  limit: { name: string; rule: RateLimitRule },
): Promise<FormData> {
  const form = await readPostedForm(request, context);
  await enforceRateLimit(`${limit.name}:${clientAddress(context)}`, limit.rule);
  await checkHoneypot(form);
  return form;
}
