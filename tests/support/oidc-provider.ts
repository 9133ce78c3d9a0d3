// A real OpenID Connect provider on loopback for the tests (oauth2-mock-server:
// discovery, JWKS, authorization code with PKCE, ID tokens signed with a real
// RSA key). Its /authorize signs in at once; who is signed in is chosen per test:
// the browser of each test sends its own X-Test-Client header (tests/support/test.ts),
// and POST /__control/identity tells the provider who that client is, or that
// the provider should refuse (error) or answer with a tampered ID token.
//
//   node tests/support/oidc-provider.ts --port 3217
import { parseArgs } from "node:util";
import { Events, OAuth2Server } from "oauth2-mock-server";

export type TestIdentity = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
  /** The provider refuses with this error code (e.g. access_denied) instead of a code. */
  error?: string;
  /** The ID token's payload is changed after signing: its signature no longer matches. */
  tamper?: boolean;
};

export const TEST_CLIENT_HEADER = "x-test-client";

const DEFAULT_IDENTITY: TestIdentity = {
  sub: "johndoe",
  email: "johndoe@oidc.test",
  email_verified: true,
  preferred_username: "johndoe",
};

export type OidcProviderServer = { issuer: string; port: number; close(): Promise<void> };

export async function startOidcProvider(options: { port?: number; host?: string } = {}): Promise<OidcProviderServer> {
  const host = options.host ?? "127.0.0.1";
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const identities = new Map<string, TestIdentity>();
  const byCode = new Map<string, TestIdentity>();

  server.service.addRoute("POST", "/__control/identity", (req, res) => {
    const body = (req as unknown as { body: { client?: string } & TestIdentity }).body;
    const { client, ...identity } = body;
    if (!client || !identity.sub) {
      res.writeHead(400).end("client and sub are required");
      return;
    }
    identities.set(client, identity);
    res.writeHead(204).end();
  });

  server.service.on(Events.BeforeAuthorizeRedirect, (redirect, req) => {
    const client = req.headers[TEST_CLIENT_HEADER];
    const identity = (typeof client === "string" && identities.get(client)) || DEFAULT_IDENTITY;
    const code = redirect.url.searchParams.get("code");
    if (identity.error) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", identity.error);
      redirect.url.searchParams.set("error_description", "The user said no.");
      return;
    }
    if (code) byCode.set(code, identity);
  });

  server.service.on(Events.BeforeTokenSigning, (token, req) => {
    const identity = byCode.get(req.body.code as string) ?? DEFAULT_IDENTITY;
    const { error: _error, tamper: _tamper, ...claims } = identity;
    Object.assign(token.payload, claims);
  });

  server.service.on(Events.BeforeResponse, (response, req) => {
    const identity = byCode.get(req.body.code as string);
    const body = response.body as { id_token?: string };
    if (!identity?.tamper || !body.id_token) return;
    const [header, payload, signature] = body.id_token.split(".");
    const claims = JSON.parse(Buffer.from(payload as string, "base64url").toString());
    claims.sub = `${claims.sub}-forged`;
    body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
  });

  await server.start(options.port ?? 0, host);
  const port = server.address().port;
  // Its own host name (not "localhost", which the site uses): another site, as a real provider is.
  server.issuer.url = `http://${host}:${port}`;
  return { issuer: server.issuer.url as string, port, close: () => server.stop() };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { port: { type: "string" } } });
  const provider = await startOidcProvider({ port: Number(values.port ?? 3217) });
  console.log(`OpenID Connect provider on ${provider.issuer}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => provider.close().then(() => process.exit(0)));
  }
}
