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
import { enforceLoginLimit, enforceRateLimit, RATE_LIMITS, recordLoginSuccess } from "./rate-limit.server";
import { createSession, type SessionUser } from "./session.server";
import { LoginSchema, RegisterSchema } from "./validation";

/** Where a successful sign-in goes: /auth-success, which offers the way back. */
export function successRedirect(redirectTo: string | undefined, ...setCookies: (string | null)[]) {
  const back = safeRedirectPath(redirectTo, "/");
  const headers = new Headers();
  for (const cookie of setCookies) if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(`/auth-success?${new URLSearchParams({ redirectTo: back })}`, { headers });
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
    await enforceLoginLimit(address, email);
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

  await enforceRateLimit(`register:${address}`, RATE_LIMITS.register);
  await checkHoneypot(form);
  const submission = parseWithZod(form, { schema: RegisterSchema });
  if (submission.status !== "success") {
    const result = replyToFailure(submission, ["redirectTo"], { hideFields: ["password"] });
    return data({ intent, result }, { status: 400 });
  }
  try {
    const user = await registerUser(submission.value);
    return successRedirect(
      submission.value.redirectTo,
      await createSession(user.id, false),
      await adoptPreferencesAtSignIn(request, user.id),
    );
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
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
