// The sign-in and registration actions behind /auth (and their JSON twins).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { adoptPreferencesAtSignIn } from "~/preferences/reading-preferences.server";
import { replyToFailure } from "~/utils/forms";
import { safeRedirectPath } from "~/utils/redirect";
import { AuthError, registerUser, verifyLogin } from "./auth.server";
import { clientAddress } from "./client-address.server";
import { readPostedForm } from "./csrf.server";
import { checkHoneypot } from "./honeypot.server";
import {
  limitAnswer,
  loginLimit,
  type RateLimitResult,
  recordLoginSuccess,
  recordRegistrationRefused,
  registrationLimit,
} from "./rate-limit.server";
import { createSession, type SessionUser } from "./session.server";
import { LoginSchema, RegisterSchema } from "./validation";

/** Where a successful sign-in goes: /auth-success, which offers the way back. */
export function successRedirect(redirectTo: string | undefined, ...setCookies: (string | null)[]) {
  const back = safeRedirectPath(redirectTo, "/");
  const headers = new Headers();
  for (const cookie of setCookies) if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(`/auth-success?${new URLSearchParams({ redirectTo: back })}`, { headers });
}

/**
 * A limit was reached: the same form again, with what was typed (never a password) and the real
 * wait, as a 429 with Retry-After (docs/decisions/056), not the bare 429 page.
 */
function limited<Result>(
  intent: "login" | "register",
  submission: { reply: (options: { formErrors: string[]; hideFields: string[] }) => Result },
  refused: RateLimitResult,
) {
  const { message, init } = limitAnswer(refused);
  return data({ intent, result: submission.reply({ formErrors: [message], hideFields: ["password"] }) }, init);
}

export async function handleAuthAction(request: Request, context: Readonly<RouterContextProvider>) {
  // The body is read once (by the CSRF check, which hands it on); the schema is the one place its fields are checked.
  const form = await readPostedForm(request, context);
  const intent = form.get("intent") === "register" ? "register" : "login";
  const address = clientAddress(context);

  if (intent === "login") {
    await checkHoneypot(form);
    const submission = parseWithZod(form, { schema: LoginSchema });
    if (submission.status !== "success") {
      const result = replyToFailure(submission, ["redirectTo"], { hideFields: ["password"] });
      return data({ intent, result }, { status: 400 });
    }
    const { email, password, remember, redirectTo } = submission.value;
    const refused = await loginLimit(address, email);
    if (refused) return limited(intent, submission, refused);
    let user: SessionUser;
    try {
      user = await verifyLogin(email, password);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return data(
        { intent, result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }) },
        { status: 400 },
      );
    }
    await recordLoginSuccess(address, email);
    return successRedirect(
      redirectTo,
      await createSession(user.id, remember),
      // The reading preferences set before signing in join the account (docs/decisions/011).
      await adoptPreferencesAtSignIn(request, user.id),
    );
  }

  await checkHoneypot(form);
  const submission = parseWithZod(form, { schema: RegisterSchema });
  if (submission.status !== "success") {
    const result = replyToFailure(submission, ["redirectTo"], { hideFields: ["password"] });
    return data({ intent, result }, { status: 400 });
  }
  // Counted only now: a form refused for its format never uses up the limit (docs/decisions/056).
  const refused = await registrationLimit(address);
  if (refused) return limited(intent, submission, refused);
  try {
    const user = await registerUser(submission.value);
    return successRedirect(
      submission.value.redirectTo,
      await createSession(user.id, false),
      await adoptPreferencesAtSignIn(request, user.id),
    );
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    await recordRegistrationRefused(address);
    const fieldErrors = error.field ? { [error.field]: [error.message] } : undefined;
    return data(
      {
        intent,
        result: submission.reply({
          fieldErrors,
          formErrors: fieldErrors ? undefined : [error.message],
          hideFields: ["password"],
        }),
      },
      { status: 400 },
    );
  }
}
