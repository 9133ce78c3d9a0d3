import { describe, expect, it } from "vitest";
import { parseEnv, plainHttpSite, startWarnings } from "./env.server";

describe("parseEnv", () => {
  it("fills development defaults", () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe("development");
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("file:./prisma/data/dev.db");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.WP_URL).toBeUndefined();
  });

  it("accepts good values and treats empty sources as skipped", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      PORT: "8080",
      DATABASE_URL: "file:/data/horror.db",
      SITE_URL: "https://horror.example",
      SESSION_SECRET: "a".repeat(32),
      WP_URL: "",
      WPCOM_SITE: "",
    });
    expect(env.PORT).toBe(8080);
    expect(env.WP_URL).toBeUndefined();
    expect(env.WPCOM_SITE).toBeUndefined();
  });

  it("accepts a PostgreSQL URL (docs/decisions/039)", () => {
    for (const url of ["postgres://app@db/horror", "postgresql://app:secret@127.0.0.1:5432/horror"]) {
      expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });

  it("splits SESSION_SECRET into its rotation list, each secret trimmed", () => {
    const env = parseEnv({ SESSION_SECRET: ` ${"n".repeat(32)} , ${"o".repeat(40)}` });
    expect(env.SESSION_SECRET).toEqual(["n".repeat(32), "o".repeat(40)]);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ WP_URL: "ftp://blog.example" }, "WP_URL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    // Every secret of the rotation list counts, not only the whole string.
    [{ SESSION_SECRET: `${"a".repeat(32)},short` }, "SESSION_SECRET"],
    [{ SESSION_SECRET: `short,${"a".repeat(32)}` }, "SESSION_SECRET"],
    [{ SESSION_SECRET: `${"a".repeat(32)},,${"b".repeat(32)}` }, "SESSION_SECRET"],
    [{ NODE_ENV: "production" }, "SESSION_SECRET"],
    [{ NODE_ENV: "production", SESSION_SECRET: "" }, "SESSION_SECRET"],
    [{ WPCOM_SITE: "not a site/" }, "WPCOM_SITE"],
  ])("rejects %j naming %s", (source, variable) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment configuration:\\n[\\s\\S]*${variable}`));
  });

  describe("OpenID Connect providers", () => {
    const keycloak = {
      OIDC_PROVIDERS: "keycloak",
      OIDC_KEYCLOAK_ISSUER: "https://id.example/realms/horror",
      OIDC_KEYCLOAK_CLIENT_ID: "horror-stories",
      OIDC_KEYCLOAK_CLIENT_SECRET: "s3cret",
    };

    it("has none unless OIDC_PROVIDERS names some", () => {
      expect(parseEnv({}).oidcProviders).toEqual([]);
      expect(parseEnv({ OIDC_PROVIDERS: "" }).oidcProviders).toEqual([]);
      // Variables of a provider that is not listed are not read.
      expect(parseEnv({ OIDC_KEYCLOAK_ISSUER: "nonsense" }).oidcProviders).toEqual([]);
    });

    it("reads each listed provider from its OIDC_<ID>_* variables, the name defaulting to the id", () => {
      const env = parseEnv({
        ...keycloak,
        OIDC_PROVIDERS: " keycloak , local ",
        OIDC_LOCAL_ISSUER: "http://127.0.0.1:8080",
        OIDC_LOCAL_CLIENT_ID: "site",
        OIDC_LOCAL_CLIENT_SECRET: "x",
        OIDC_LOCAL_NAME: "Lantern ID",
      });
      expect(env.oidcProviders).toEqual([
        {
          id: "keycloak",
          name: "Keycloak",
          issuer: "https://id.example/realms/horror",
          clientId: "horror-stories",
          clientSecret: "s3cret",
        },
        { id: "local", name: "Lantern ID", issuer: "http://127.0.0.1:8080", clientId: "site", clientSecret: "x" },
      ]);
    });

    it.each([
      [{ ...keycloak, OIDC_PROVIDERS: "Key-Cloak" }, "OIDC_PROVIDERS: each id must be"],
      [{ ...keycloak, OIDC_PROVIDERS: "keycloak,keycloak" }, "OIDC_PROVIDERS: an id is listed twice"],
      [{ ...keycloak, OIDC_KEYCLOAK_ISSUER: "" }, "OIDC_KEYCLOAK_ISSUER: must be the provider's issuer URL"],
      [{ ...keycloak, OIDC_KEYCLOAK_ISSUER: "not a url" }, "OIDC_KEYCLOAK_ISSUER: must be the provider's issuer URL"],
      [{ ...keycloak, OIDC_KEYCLOAK_ISSUER: "http://id.example" }, "OIDC_KEYCLOAK_ISSUER: must be https"],
      [{ ...keycloak, OIDC_KEYCLOAK_ISSUER: "https://id.example/?x=1" }, "OIDC_KEYCLOAK_ISSUER: must have no query"],
      [{ ...keycloak, OIDC_KEYCLOAK_CLIENT_ID: " " }, "OIDC_KEYCLOAK_CLIENT_ID: is required"],
      [{ ...keycloak, OIDC_KEYCLOAK_CLIENT_SECRET: undefined }, "OIDC_KEYCLOAK_CLIENT_SECRET: is required"],
      [{ ...keycloak, OIDC_KEYCLOAK_NAME: "n".repeat(41) }, "OIDC_KEYCLOAK_NAME: must be at most 40"],
      [{ OIDC_PROVIDERS: "google" }, "OIDC_GOOGLE_CLIENT_ID: is required"],
    ])("refuses %j with a message naming the variable", (source, message) => {
      expect(() => parseEnv(source)).toThrow(message);
    });
  });
});

describe("startWarnings", () => {
  const production = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) };

  it("says nothing for an https site, localhost, or a proxy's process on loopback", () => {
    expect(startWarnings(parseEnv({ ...production, SITE_URL: "https://horror.example" }))).toEqual([]);
    expect(startWarnings(parseEnv({ ...production, SITE_URL: "http://localhost:8080" }))).toEqual([]);
    expect(
      startWarnings(
        parseEnv({
          ...production,
          SITE_URL: "https://horror.example",
          TRUSTED_PROXY_HEADER: "X-Forwarded-For",
          HOST: "127.0.0.1",
        }),
      ),
    ).toEqual([]);
    // An explicit every-interface address is the operator's word that only the proxy reaches the port.
    expect(
      startWarnings(
        parseEnv({
          ...production,
          SITE_URL: "https://horror.example",
          TRUSTED_PROXY_HEADER: "X-Forwarded-For",
          HOST: "0.0.0.0",
        }),
      ),
    ).toEqual([]);
  });

  it("warns of plain http on another host: its cookies go without Secure, or nobody could sign in", () => {
    expect(plainHttpSite("http://192.0.2.2:3000")).toBe(true);
    expect(plainHttpSite("http://intranet.lan")).toBe(true);
    expect(plainHttpSite("http://localhost:3000")).toBe(false);
    expect(plainHttpSite("http://127.0.0.1:3000")).toBe(false);
    expect(plainHttpSite("https://192.0.2.2")).toBe(false);
    const [warning] = startWarnings(parseEnv({ ...production, SITE_URL: "http://192.0.2.2:3000" }));
    expect(warning).toMatch(/^SITE_URL \(http:\/\/192\.0\.2\.2:3000\) is plain http/);
    // Development on any host is the developer's own.
    expect(startWarnings(parseEnv({ SITE_URL: "http://192.0.2.2:3000" }))).toEqual([]);
  });

  it("warns when a trusted proxy header meets a process every interface reaches", () => {
    const [warning] = startWarnings(
      parseEnv({
        ...production,
        SITE_URL: "https://horror.example",
        PORT: "3001",
        TRUSTED_PROXY_HEADER: "X-Forwarded-For",
      }),
    );
    expect(warning).toContain("a client that reaches port 3001 directly");
    expect(warning).toContain("Set HOST=127.0.0.1");
  });

  it("refuses a HOST that is not an address", () => {
    expect(() => parseEnv({ HOST: "evil host; rm" })).toThrow(/HOST: must be an address/);
  });
});
