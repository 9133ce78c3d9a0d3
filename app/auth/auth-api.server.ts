// The JSON API of accounts (spec §7 Auth): the same rules as the forms.
import type { RouterContextProvider } from "react-router";
import { adoptPreferencesAtSignIn } from "~/preferences/reading-preferences.server";
import { REGISTRATION_CLOSED_MESSAGE } from "~/site/site-settings";
import { isRegistrationOpen } from "~/site/site-settings.server";
import { FALLBACK_MESSAGES, issueMessage, jsonError, readJsonBody } from "~/utils/api-errors";
import { AuthError, registerUser, verifyLogin } from "./auth.server";
import { clientAddress } from "./client-address.server";
import {
  enforceLoginLimit,
  limitAnswer,
  recordLoginSuccess,
  recordRegistrationRefused,
  registrationLimit,
} from "./rate-limit.server";
import { createSession, type SessionUser, signOutHeaders } from "./session.server";
import { LoginSchema, RegisterSchema } from "./validation";

export const publicUser = (user: SessionUser) => ({
  id: user.id,
  username: user.username,
  avatar: user.avatar,
  isAdmin: user.isAdmin,
});

export async function apiLogin(request: Request, context: Readonly<RouterContextProvider>) {
  const address = clientAddress(context);
  const body = (await readJsonBody(request)) as Record<string, unknown> | null;
  const parsed = LoginSchema.safeParse({
    email: body?.email,
    password: body?.password,
    remember: body?.rememberMe === true,
  });
  if (!parsed.success) return jsonError(issueMessage(parsed.error, FALLBACK_MESSAGES.login), 400);
  await enforceLoginLimit(address, parsed.data.email, { json: true });
  try {
    const user = await verifyLogin(parsed.data.email, parsed.data.password);
    await recordLoginSuccess(address, parsed.data.email);
    const headers = new Headers({ "Set-Cookie": await createSession(user.id, parsed.data.remember) });
    const adopted = await adoptPreferencesAtSignIn(request, user.id);
    if (adopted) headers.append("Set-Cookie", adopted);
    return Response.json({ user: publicUser(user) }, { headers });
  } catch (error) {
    if (error instanceof AuthError) return jsonError(error.message, 401);
    throw error;
  }
}

export async function apiRegister(request: Request, context: Readonly<RouterContextProvider>) {
  if (!(await isRegistrationOpen())) return jsonError(REGISTRATION_CLOSED_MESSAGE, 403);
  const address = clientAddress(context);
  const body = (await readJsonBody(request)) as Record<string, unknown> | null;
  const parsed = RegisterSchema.safeParse({ email: body?.email, username: body?.username, password: body?.password });
  if (!parsed.success) return jsonError(issueMessage(parsed.error, FALLBACK_MESSAGES.register), 400);
  // The form's rule (docs/decisions/056): only what reaches account creation counts.
  const refused = await registrationLimit(address);
  if (refused) {
    const { message, init } = limitAnswer(refused);
    return Response.json({ message, code: "CLIENT_ERROR" }, init);
  }
  try {
    const user = await registerUser(parsed.data);
    const headers = new Headers({ "Set-Cookie": await createSession(user.id, false) });
    const adopted = await adoptPreferencesAtSignIn(request, user.id);
    if (adopted) headers.append("Set-Cookie", adopted);
    return Response.json({ user: publicUser(user) }, { status: 201, headers });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    await recordRegistrationRefused(address);
    return jsonError(error.message, 409);
  }
}

export async function apiLogout(request: Request) {
  return Response.json({ ok: true }, { headers: await signOutHeaders(request) });
}
