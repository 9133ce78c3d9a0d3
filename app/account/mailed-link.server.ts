// The pages a mailed link opens with its token (/confirm-email to the new address,
// /restore-email to the old one): no sign-in, the token proves the mailbox. One way
// to read the token from the link and from the page's form.
import type { RouterContextProvider } from "react-router";
import { publicFormProps, readPublicForm } from "~/auth/public-form.server";
import { RATE_LIMITS } from "~/auth/rate-limit.server";
import { EMAIL_TOKEN_PATTERN } from "./account";

/** The link's ?token= when it is well formed and `lookup` finds it usable, with the public form's fields. */
export async function readMailedLink<T>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  lookup: (token: string) => Promise<T | null>,
) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const pending = EMAIL_TOKEN_PATTERN.test(token) ? await lookup(token) : null;
  return {
    done: url.searchParams.get("done") === "1",
    token: pending ? token : null,
    pending,
    ...(await publicFormProps(request, context)),
  };
}

/** The token the page's form posts (CSRF, honeypot and the per-address limit first), or null when malformed. */
export async function readPostedToken(request: Request, context: Readonly<RouterContextProvider>, name: string) {
  const form = await readPublicForm(request, context, { name, rule: RATE_LIMITS.reset });
  const token = String(form.get("token") ?? "");
  return EMAIL_TOKEN_PATTERN.test(token) ? token : null;
}
