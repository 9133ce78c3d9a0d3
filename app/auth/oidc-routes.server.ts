// The routes of signing in with a provider and of /settings/connected-accounts:
// start (GET /auth/oidc/{id}), callback (GET /auth/oidc/{id}/callback), and the
// settings page's Connect and Disconnect (docs/decisions/013).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import type { OidcProvider } from "~/env.server";
import { adoptPreferencesAtSignIn } from "~/preferences/reading-preferences.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { safeRedirectPath } from "~/utils/redirect";
import { getOptionalUser, requireUser } from "./auth.server";
import { successRedirect } from "./auth-page.server";
import { clientAddress } from "./client-address.server";
import {
  accountForIdentity,
  ConnectionError,
  connectAccount,
  disconnectAccount,
  getSignInMethods,
  userIsGone,
} from "./connected-accounts.server";
import { readPostedForm } from "./csrf.server";
import {
  clearFlowCookies,
  finishOidcFlow,
  getOidcProvider,
  OidcFlowError,
  oidcProviders,
  readFlow,
  startOidcFlow,
} from "./oidc.server";
import { OIDC_MESSAGES, type OidcMessageCode, oidcMessage } from "./oidc-messages";
import { providerLoginLimit, recordProviderLoginSuccess } from "./rate-limit.server";
import { createSession } from "./session.server";

export const CONNECTED_ACCOUNTS_PATH = "/settings/connected-accounts";

/** /auth, or the settings page, with a message code (and where to go after signing in; a limit's wait). */
function withMessage(
  path: string,
  code: OidcMessageCode,
  provider: string | null,
  redirectTo?: string,
  waitSeconds?: number,
) {
  const query = new URLSearchParams({ oidc: code, ...(provider ? { provider } : {}) });
  if (redirectTo && redirectTo !== "/") query.set("redirectTo", redirectTo);
  if (waitSeconds) query.set("wait", String(waitSeconds));
  return `${path}?${query}`;
}

/** A provider id that is not configured: a 404 a person can read (the route is a resource route). */
function noSuchProvider() {
  return new Response("There is no sign-in provider by that name here.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

function redirectClearing(url: string, cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(url, { headers });
}

/** GET /auth/oidc/{id}: off to the provider to sign in (a link on /auth, so no form and no CSP question). */
export async function handleOidcStart(request: Request, providerId: string | undefined) {
  const provider = getOidcProvider(providerId);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (!provider) return noSuchProvider();
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  try {
    return await startOidcFlow(request, provider, { intent: "login", redirectTo });
  } catch (error) {
    if (!(error instanceof OidcFlowError)) throw error;
    console.warn(`[oidc] ${error.message}`);
    throw redirect(withMessage("/auth", error.code, provider.id, redirectTo));
  }
}

/** GET /auth/oidc/{id}/callback: the provider's answer signs in, or connects, or explains what went wrong. */
export async function handleOidcCallback(
  request: Request,
  context: Readonly<RouterContextProvider>,
  providerId: string | undefined,
) {
  const provider = getOidcProvider(providerId);
  const clear = await clearFlowCookies(request);
  if (!provider) return noSuchProvider();
  const flow = await readFlow(request, provider.id);
  if (!flow) return redirectClearing(withMessage("/auth", "state", provider.id), clear);

  const back = flow.intent === "link" ? CONNECTED_ACCOUNTS_PATH : "/auth";
  const fail = (code: OidcMessageCode, waitSeconds?: number) =>
    redirectClearing(
      withMessage(back, code, provider.id, flow.intent === "login" ? flow.redirectTo : undefined, waitSeconds),
      clear,
    );

  const address = clientAddress(context);
  // A sign-in counts like a password sign-in (before the code is exchanged, so failures count too).
  if (flow.intent === "login") {
    const refused = await providerLoginLimit(address);
    if (refused) return fail("too-many", refused.retryAfterSeconds);
  }

  let identity: Awaited<ReturnType<typeof finishOidcFlow>>;
  try {
    identity = await finishOidcFlow(request, provider);
  } catch (error) {
    if (!(error instanceof OidcFlowError)) throw error;
    console.warn(`[oidc] ${error.message}`);
    return fail(error.code);
  }

  if (flow.intent === "link") return finishConnect(request, provider, flow.userId, identity, clear, fail);

  let userId: string;
  try {
    ({ userId } = await accountForIdentity(identity));
  } catch (error) {
    if (error instanceof ConnectionError && error.code in OIDC_MESSAGES) return fail(error.code as OidcMessageCode);
    throw error;
  }
  let cookie: string;
  try {
    cookie = await createSession(userId, false);
  } catch (error) {
    // The account was deleted between the lookup and the session: no session for it.
    if (userIsGone(error)) return fail("account-gone");
    throw error;
  }
  await recordProviderLoginSuccess(address);
  // Reading preferences set before signing in join the account, as with a password sign-in.
  const response = successRedirect(flow.redirectTo, cookie, await adoptPreferencesAtSignIn(request, userId));
  for (const c of clear) response.headers.append("Set-Cookie", c);
  return response;
}

async function finishConnect(
  request: Request,
  provider: OidcProvider,
  flowUserId: string | null,
  identity: Awaited<ReturnType<typeof finishOidcFlow>>,
  clear: string[],
  fail: (code: OidcMessageCode) => Response,
) {
  // The connection goes to the reader who asked for it, and only while they are still signed in.
  const user = await getOptionalUser(request);
  if (!user || user.id !== flowUserId) {
    return redirectClearing(withMessage("/auth", "signed-out", provider.id, CONNECTED_ACCOUNTS_PATH), clear);
  }
  try {
    await connectAccount(user.id, identity);
  } catch (error) {
    if (error instanceof ConnectionError && error.code in OIDC_MESSAGES) return fail(error.code as OidcMessageCode);
    throw error;
  }
  const headers = new Headers();
  for (const c of clear) headers.append("Set-Cookie", c);
  return redirectWithToast(
    CONNECTED_ACCOUNTS_PATH,
    {
      title: `Connected to ${provider.name}`,
      description: `You can now sign in with ${provider.name}.`,
      variant: "success",
    },
    { headers },
  );
}

// --- /settings/connected-accounts ------------------------------------------

export const ConnectedAccountSchema = z.object({
  intent: z.enum(["connect", "disconnect"], { error: "Choose Connect or Disconnect." }),
  provider: z.string({ error: "Choose a provider." }).regex(/^[a-z][a-z0-9]{0,19}$/, "Choose a provider."),
});

export const DISCONNECT_MESSAGES = {
  "last-way": (name: string) =>
    `${name} is the only way you can sign in, so it stays connected. Set a password in your profile settings, or connect another provider first.`,
  "not-connected": (name: string) => `Your account is not connected to ${name}.`,
} as const;

export async function connectedAccountsPage(request: Request) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const methods = await getSignInMethods(user.id);
  const configured = oidcProviders();
  const nameOf = (id: string) => configured.find((p) => p.id === id)?.name ?? "The provider";
  const code = url.searchParams.get("oidc");
  const providerId = url.searchParams.get("provider");
  const message = oidcMessage(code, nameOf(providerId && getOidcProvider(providerId) ? providerId : ""));
  const connected = new Map(methods.connections.map((c) => [c.provider, c]));
  const iso = (d: Date) => d.toISOString();
  return {
    message,
    hasPassword: methods.hasPassword,
    providers: configured.map((p) => {
      const c = connected.get(p.id);
      return {
        id: p.id,
        name: p.name,
        connection: c ? { email: c.email, createdAt: iso(c.createdAt), lastUsedAt: iso(c.lastUsedAt) } : null,
      };
    }),
    // Connections of providers no longer configured can still be removed.
    others: methods.connections
      .filter((c) => !configured.some((p) => p.id === c.provider))
      .map((c) => ({ id: c.provider, email: c.email, createdAt: iso(c.createdAt) })),
    canDisconnect: methods.hasPassword || methods.connections.length > 1,
  };
}

export async function connectedAccountsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireUser(request);
  const form = await readPostedForm(request, context);
  const submission = parseWithZod(form, { schema: ConnectedAccountSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { intent, provider: providerId } = submission.value;
  const provider = getOidcProvider(providerId);

  if (intent === "disconnect") {
    const name = provider?.name ?? providerId;
    try {
      await disconnectAccount(user.id, providerId);
    } catch (error) {
      if (!(error instanceof ConnectionError) || !(error.code === "last-way" || error.code === "not-connected")) {
        throw error;
      }
      return data(
        { result: submission.reply({ formErrors: [DISCONNECT_MESSAGES[error.code](name)] }) },
        { status: 400 },
      );
    }
    return redirectWithToast(CONNECTED_ACCOUNTS_PATH, { title: `Disconnected ${name}`, variant: "success" });
  }

  if (!provider) {
    return data({ result: submission.reply({ formErrors: [OIDC_MESSAGES["unknown-provider"]()] }) }, { status: 400 });
  }
  const methods = await getSignInMethods(user.id);
  if (methods.connections.some((c) => c.provider === provider.id)) {
    return data(
      { result: submission.reply({ formErrors: [`Your account is already connected to ${provider.name}.`] }) },
      { status: 400 },
    );
  }
  try {
    return await startOidcFlow(request, provider, {
      intent: "link",
      redirectTo: CONNECTED_ACCOUNTS_PATH,
      userId: user.id,
    });
  } catch (error) {
    if (!(error instanceof OidcFlowError)) throw error;
    console.warn(`[oidc] ${error.message}`);
    return data(
      { result: submission.reply({ formErrors: [OIDC_MESSAGES[error.code](provider.name)] }) },
      { status: 503 },
    );
  }
}
