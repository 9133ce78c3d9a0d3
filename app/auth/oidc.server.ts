// Signing in with an OpenID Connect provider (docs/decisions/013): discovery,
// the authorization code flow with PKCE, state and nonce (remix-auth-oauth2's
// OAuth2Strategy, which keeps state and the PKCE verifier in a cookie), and
// the ID token checked with jose against the provider's JWKS: signature,
// issuer, audience, expiry and nonce. The strategy itself checks no ID token.
import { createHmac } from "node:crypto";
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from "jose";
import { createCookie } from "react-router";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { env, type OidcProvider, secureCookies, sessionSecrets } from "~/env.server";
import { safeRedirectPath } from "~/utils/redirect";
import { COOKIE_NAMES } from "~/utils/site";

/** What a provider says about the person, once its ID token has been checked. */
export type OidcIdentity = {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** A username to start from: preferred_username, else name, else the email's local part. */
  usernameHint: string | null;
};

/** Why a flow ended without an identity; each code has a message for the reader (oidc-messages.ts). */
export type OidcErrorCode = "denied" | "provider-error" | "state" | "token" | "unavailable";

export class OidcFlowError extends Error {
  readonly code: OidcErrorCode;
  constructor(code: OidcErrorCode, detail: string) {
    super(detail);
    this.name = "OidcFlowError";
    this.code = code;
  }
}

export const oidcProviders = (): readonly OidcProvider[] => env.oidcProviders;

export const getOidcProvider = (id: string | undefined): OidcProvider | null =>
  env.oidcProviders.find((p) => p.id === id) ?? null;

export const oidcCallbackUrl = (provider: OidcProvider) =>
  new URL(`/auth/oidc/${provider.id}/callback`, env.SITE_URL).toString();

// --- Discovery --------------------------------------------------------------

/** Signature algorithms an ID token may use: asymmetric only (never "none", never the client secret as an HMAC key). */
const ASYMMETRIC = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url({ protocol: /^https?$/ }),
  token_endpoint: z.url({ protocol: /^https?$/ }),
  jwks_uri: z.url({ protocol: /^https?$/ }),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});

type Discovered = {
  metadata: z.infer<typeof DiscoverySchema>;
  keys: JWTVerifyGetKey;
  algorithms: string[];
};

/** How long a discovery document is trusted before it is fetched again. */
const DISCOVERY_TTL_MS = 60 * 60_000;
const FETCH_TIMEOUT_MS = 5_000;
const discovered = new Map<string, { at: number; value: Promise<Discovered> }>();

/** OpenID Connect Discovery 1.0 §4: the document at {issuer}/.well-known/openid-configuration. */
async function discover(provider: OidcProvider): Promise<Discovered> {
  const url = `${provider.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  const response = await fetch(url, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    redirect: "error",
  });
  if (!response.ok) throw new Error(`discovery at ${url} answered ${response.status}`);
  const metadata = DiscoverySchema.parse(await response.json());
  // §4.3: the issuer in the document must be the one configured, exactly.
  if (metadata.issuer !== provider.issuer) {
    throw new Error(`discovery at ${url} names the issuer ${metadata.issuer}, not ${provider.issuer}`);
  }
  // A Connect form posts to this site, which redirects to the authorization endpoint: the
  // CSP's form-action allows the issuers' origins only (server/security-headers.ts).
  if (new URL(metadata.authorization_endpoint).origin !== new URL(provider.issuer).origin) {
    throw new Error(`the authorization endpoint of ${provider.id} is not on the issuer's origin`);
  }
  if (metadata.code_challenge_methods_supported && !metadata.code_challenge_methods_supported.includes("S256")) {
    throw new Error(`${provider.id} does not support PKCE with S256`);
  }
  const offered = metadata.id_token_signing_alg_values_supported ?? ["RS256"];
  const algorithms = offered.filter((alg) => ASYMMETRIC.includes(alg));
  if (algorithms.length === 0) throw new Error(`${provider.id} signs ID tokens with no asymmetric algorithm`);
  const keys = createRemoteJWKSet(new URL(metadata.jwks_uri), {
    timeoutDuration: FETCH_TIMEOUT_MS,
    cacheMaxAge: 10 * 60_000,
  });
  return { metadata, keys, algorithms };
}

async function discovery(provider: OidcProvider): Promise<Discovered> {
  const cached = discovered.get(provider.id);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.value;
  const value = discover(provider);
  discovered.set(provider.id, { at: Date.now(), value });
  // A failure is not kept: the next reader tries again.
  value.catch(() => discovered.delete(provider.id));
  return value;
}

// --- The ID token -------------------------------------------------------------

/**
 * The nonce of an authorization request, derived from its state: the state is bound to the
 * browser by the strategy's cookie, so the nonce is too, and nothing more needs storing.
 * (OpenID Connect Core 15.5.2: a nonce may be a keyed hash of a value in a cookie.)
 */
export function nonceFor(provider: string, state: string): string {
  return createHmac("sha256", sessionSecrets[0] as string)
    .update(`oidc-nonce:${provider}:${state}`)
    .digest("base64url");
}

export class IdTokenError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = "IdTokenError";
  }
}

/**
 * OpenID Connect Core 3.1.3.7: the signature against the provider's keys, iss, aud (and azp when
 * there are several audiences), exp and iat (a minute of clock skew), and the nonce.
 */
export async function verifyIdToken(
  idToken: string,
  expected: { issuer: string; clientId: string; nonce: string; keys: JWTVerifyGetKey; algorithms: string[] },
): Promise<JWTPayload & { sub: string }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, expected.keys, {
      issuer: expected.issuer,
      audience: expected.clientId,
      algorithms: expected.algorithms,
      requiredClaims: ["sub", "iat", "exp"],
      clockTolerance: 60,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw new IdTokenError(`${error.code}: ${error.message}`);
    throw error;
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId) {
    throw new IdTokenError("several audiences and azp is not this client");
  }
  if (payload.nonce !== expected.nonce) throw new IdTokenError("the nonce is not the one this sign-in sent");
  if (typeof payload.sub !== "string" || !payload.sub || payload.sub.length > 255) {
    throw new IdTokenError("no usable sub claim");
  }
  return payload as JWTPayload & { sub: string };
}

const text = (value: unknown, max = 320) =>
  typeof value === "string" && value.trim() && value.length <= max ? value.trim() : null;

export function identityFrom(provider: string, claims: JWTPayload & { sub: string }): OidcIdentity {
  const email = text(claims.email);
  return {
    provider,
    subject: claims.sub,
    email,
    // Some providers send "true" as a string.
    emailVerified: Boolean(email) && (claims.email_verified === true || claims.email_verified === "true"),
    usernameHint: text(claims.preferred_username, 100) ?? text(claims.name, 100) ?? email?.split("@")[0] ?? null,
  };
}

// --- The strategy ------------------------------------------------------------

/** remix-auth-oauth2's strategy with the OpenID Connect nonce added to the authorization request. */
class OidcStrategy extends OAuth2Strategy<OidcIdentity> {
  constructor(
    private readonly providerId: string,
    ...args: ConstructorParameters<typeof OAuth2Strategy<OidcIdentity>>
  ) {
    super(...args);
  }

  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const result = super.authorizationParams(params, request);
    const state = result.get("state");
    if (state) result.set("nonce", nonceFor(this.providerId, state));
    return result;
  }
}

/** The state cookies of the strategy: `hs_oauth:<uuid>`, one per flow started, 5 minutes each. */
const STATE_COOKIE = COOKIE_NAMES.oauthState;
const CALLBACK_PATH = "/auth/oidc";

const authenticators = new Map<string, Promise<Authenticator<OidcIdentity>>>();

function authenticator(provider: OidcProvider): Promise<Authenticator<OidcIdentity>> {
  const existing = authenticators.get(provider.id);
  if (existing) return existing;
  const built = (async () => {
    // Discovery is per flow (cached): the strategy is built on this start's metadata.
    const { metadata } = await discovery(provider);
    const strategy = new OidcStrategy(
      provider.id,
      {
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        redirectURI: oidcCallbackUrl(provider),
        authorizationEndpoint: metadata.authorization_endpoint,
        tokenEndpoint: metadata.token_endpoint,
        codeChallengeMethod: CodeChallengeMethod.S256,
        scopes: ["openid", "email", "profile"],
        cookie: {
          name: STATE_COOKIE,
          path: CALLBACK_PATH,
          sameSite: "Lax",
          httpOnly: true,
          // SetCookieInit takes `secure: true` or nothing.
          ...(secureCookies ? { secure: true as const } : {}),
        },
      },
      async ({ request, tokens }) => {
        const state = new URL(request.url).searchParams.get("state") ?? "";
        const fresh = await discovery(provider);
        let idToken: string;
        try {
          idToken = tokens.idToken();
        } catch {
          throw new IdTokenError("the token answer has no ID token");
        }
        const claims = await verifyIdToken(idToken, {
          issuer: provider.issuer,
          clientId: provider.clientId,
          nonce: nonceFor(provider.id, state),
          keys: fresh.keys,
          algorithms: fresh.algorithms,
        });
        return identityFrom(provider.id, claims);
      },
    );
    return new Authenticator<OidcIdentity>().use(strategy, provider.id);
  })();
  authenticators.set(provider.id, built);
  built.catch(() => authenticators.delete(provider.id));
  // The strategy holds the endpoints: rebuilt when discovery is fetched again.
  setTimeout(() => authenticators.delete(provider.id), DISCOVERY_TTL_MS).unref();
  return built;
}

// --- The flow ----------------------------------------------------------------

/** Sign in (anonymous) or connect to the signed-in reader's account (link). */
export type OidcIntent = "login" | "link";

const FlowSchema = z.object({
  provider: z.string(),
  state: z.string(),
  intent: z.enum(["login", "link"]),
  redirectTo: z.string(),
  userId: z.string().nullable(),
});
export type OidcFlow = z.infer<typeof FlowSchema>;

/** What this site remembers of a flow it started: signed, so only this site can have written it. */
const flowCookie = createCookie(COOKIE_NAMES.oauthFlow, {
  path: CALLBACK_PATH,
  sameSite: "lax",
  httpOnly: true,
  secure: secureCookies,
  secrets: sessionSecrets,
  maxAge: 10 * 60,
});

/** The redirect to the provider, with the state cookies; throws OidcFlowError("unavailable") when it cannot be reached. */
export async function startOidcFlow(
  request: Request,
  provider: OidcProvider,
  flow: { intent: OidcIntent; redirectTo?: string | null; userId?: string | null },
): Promise<Response> {
  let response: Response;
  try {
    const auth = await authenticator(provider);
    // A GET without ?state starts the flow: the strategy throws its redirect.
    const start = new Request(new URL(CALLBACK_PATH, request.url), { headers: request.headers });
    await auth.authenticate(provider.id, start);
    throw new Error("the strategy did not redirect");
  } catch (thrown) {
    if (!(thrown instanceof Response)) {
      throw new OidcFlowError("unavailable", `${provider.id}: ${(thrown as Error).message}`);
    }
    response = thrown;
  }
  const location = response.headers.get("Location") ?? "";
  const state = URL.canParse(location) ? new URL(location).searchParams.get("state") : null;
  if (!state) throw new OidcFlowError("unavailable", `${provider.id}: no state in the authorization URL`);
  const value: OidcFlow = {
    provider: provider.id,
    state,
    intent: flow.intent,
    redirectTo: safeRedirectPath(flow.redirectTo, "/"),
    userId: flow.userId ?? null,
  };
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", await flowCookie.serialize(value));
  return new Response(null, { status: 302, headers });
}

/** Set-Cookie headers that clear the flow's cookies, whatever the outcome. */
export async function clearFlowCookies(request: Request): Promise<string[]> {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter((name) => name.startsWith(`${STATE_COOKIE}:`));
  const secure = secureCookies ? "; Secure" : "";
  return [
    ...names.map((name) => `${name}=; Path=${CALLBACK_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`),
    await flowCookie.serialize("", { maxAge: 0 }),
  ];
}

/** The flow this callback belongs to, or null when the browser holds none (expired, or started elsewhere). */
export async function readFlow(request: Request, providerId: string): Promise<OidcFlow | null> {
  const parsed = FlowSchema.safeParse(await flowCookie.parse(request.headers.get("Cookie")));
  const state = new URL(request.url).searchParams.get("state");
  if (!parsed.success || parsed.data.provider !== providerId || !state || parsed.data.state !== state) return null;
  return parsed.data;
}

/**
 * The callback: the provider's answer checked (state against the cookie, then the code exchanged
 * with the PKCE verifier, then the ID token); every failure is an OidcFlowError with a reason.
 */
export async function finishOidcFlow(request: Request, provider: OidcProvider): Promise<OidcIdentity> {
  const url = new URL(request.url);
  let auth: Authenticator<OidcIdentity>;
  try {
    auth = await authenticator(provider);
  } catch (error) {
    throw new OidcFlowError("unavailable", `${provider.id}: ${(error as Error).message}`);
  }
  try {
    return await auth.authenticate(provider.id, request);
  } catch (error) {
    if (error instanceof OAuth2RequestError) {
      // The provider's own error answer (RFC 6749 §4.1.2.1), or one from its token endpoint.
      const code = error.code === "access_denied" ? "denied" : "provider-error";
      throw new OidcFlowError(code, `${provider.id}: ${error.code} ${error.description ?? ""}`);
    }
    if (error instanceof IdTokenError) throw new OidcFlowError("token", `${provider.id}: ${error.message}`);
    if (error instanceof ReferenceError || error instanceof RangeError) {
      // No state cookie, a state that is not this browser's, or no code.
      const code = url.searchParams.has("error") ? "provider-error" : "state";
      throw new OidcFlowError(code, `${provider.id}: ${error.message}`);
    }
    if (error instanceof Response) throw new OidcFlowError("state", `${provider.id}: a callback without state`);
    // The token endpoint or the JWKS could not be reached, or answered nonsense.
    throw new OidcFlowError("unavailable", `${provider.id}: ${(error as Error).message}`);
  }
}
