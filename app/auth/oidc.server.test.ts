// The ID token checks, with tokens minted by jose on keys of the test's own
// (a provider's JWKS is a key set like this one, fetched over HTTP).
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { IdTokenError, identityFrom, nonceFor, verifyIdToken } from "./oidc.server";

const ISSUER = "https://id.example/realms/horror";
const CLIENT = "horror-stories";
const NONCE = nonceFor("keycloak", "state-123");

let keys: ReturnType<typeof createLocalJWKSet>;
let privateKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256" }] });
});

async function mint(claims: JWTPayload = {}, options: { key?: CryptoKey; expiresIn?: string; kid?: string } = {}) {
  const payload = { iss: ISSUER, aud: CLIENT, sub: "subject-1", nonce: NONCE, email: "mara@horror.test", ...claims };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "k1" })
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? "5m")
    .sign(options.key ?? privateKey);
}

const expected = () => ({ issuer: ISSUER, clientId: CLIENT, nonce: NONCE, keys, algorithms: ["RS256"] });

describe("verifyIdToken", () => {
  it("accepts a token signed by the provider's key, for this client, with this sign-in's nonce", async () => {
    const claims = await verifyIdToken(await mint(), expected());
    expect(claims.sub).toBe("subject-1");
  });

  it.each([
    ["a wrong audience", () => mint({ aud: "another-client" })],
    ["a wrong issuer", () => mint({ iss: "https://evil.example" })],
    ["a wrong nonce", () => mint({ nonce: nonceFor("keycloak", "another-state") })],
    ["no nonce", () => mint({ nonce: undefined })],
    ["an expired token", () => mint({}, { expiresIn: "-2m" })],
    ["a bad signature", () => mint({}, { key: otherKey })],
    [
      "a payload changed after signing",
      async () => {
        const [h, p, s] = (await mint()).split(".");
        const claims = JSON.parse(Buffer.from(p as string, "base64url").toString());
        return [h, Buffer.from(JSON.stringify({ ...claims, sub: "admin" })).toString("base64url"), s].join(".");
      },
    ],
    [
      "several audiences without azp naming this client",
      () => mint({ aud: [CLIENT, "another-client"], azp: "another-client" }),
    ],
    [
      "an unsigned token",
      async () => `${Buffer.from('{"alg":"none"}').toString("base64url")}.${(await mint()).split(".")[1]}.`,
    ],
    ["not a token at all", async () => "garbage"],
  ])("refuses %s", async (_name, make) => {
    await expect(verifyIdToken(await make(), expected())).rejects.toBeInstanceOf(IdTokenError);
  });

  it("refuses a symmetric algorithm even when the provider offers it", async () => {
    // HS256 with the client secret as the key: anyone who knows the secret could mint tokens.
    const secret = new TextEncoder().encode("the-client-secret-the-client-secret");
    const token = await new SignJWT({ nonce: NONCE })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(ISSUER)
      .setAudience(CLIENT)
      .setSubject("subject-1")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(secret);
    await expect(verifyIdToken(token, expected())).rejects.toBeInstanceOf(IdTokenError);
  });
});

describe("nonceFor", () => {
  it("is the same for one state and differs between states and providers", () => {
    expect(nonceFor("keycloak", "s1")).toBe(nonceFor("keycloak", "s1"));
    expect(nonceFor("keycloak", "s1")).not.toBe(nonceFor("keycloak", "s2"));
    expect(nonceFor("keycloak", "s1")).not.toBe(nonceFor("google", "s1"));
  });
});

describe("identityFrom", () => {
  it("takes the email as verified only when the provider says so", () => {
    const base = { sub: "s" };
    expect(identityFrom("p", { ...base, email: "a@b.c", email_verified: true }).emailVerified).toBe(true);
    expect(identityFrom("p", { ...base, email: "a@b.c", email_verified: "true" }).emailVerified).toBe(true);
    expect(identityFrom("p", { ...base, email: "a@b.c" }).emailVerified).toBe(false);
    expect(identityFrom("p", { ...base, email: "a@b.c", email_verified: "yes" }).emailVerified).toBe(false);
    expect(identityFrom("p", { ...base, email_verified: true }).emailVerified).toBe(false);
  });

  it("starts the username from preferred_username, then name, then the email", () => {
    expect(identityFrom("p", { sub: "s", preferred_username: "mara", name: "Mara Q" }).usernameHint).toBe("mara");
    expect(identityFrom("p", { sub: "s", name: "Mara Q", email: "m@x.y" }).usernameHint).toBe("Mara Q");
    expect(identityFrom("p", { sub: "s", email: "mq@x.y" }).usernameHint).toBe("mq");
    expect(identityFrom("p", { sub: "s" }).usernameHint).toBeNull();
  });
});
