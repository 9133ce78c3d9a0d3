// The one place that reads process.env. Parsed once at start-up: a bad or
// missing value stops the server with a message that names the variable.
import { z } from "zod";
import { DEFAULT_DATABASE_URL, POSTGRES_CONNECT_TIMEOUT_MS, POSTGRES_QUERY_TIMEOUT_MS } from "./database";

/** A provider id: it names the OIDC_<ID>_* variables and the callback path. */
const OIDC_PROVIDER_ID = /^[a-z][a-z0-9]{0,19}$/;

/** An empty variable (`WP_URL=` in .env) means "not set". */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /**
     * The address the server listens on. Unset: every interface (Node's default). Behind a proxy
     * on the same machine, 127.0.0.1, so that no client reaches the process past the proxy.
     */
    HOST: unsetIfEmpty(z.string().regex(/^[0-9A-Za-z.:[\]-]+$/, "must be an address or a host name, e.g. 127.0.0.1")),
    DATABASE_URL: z
      .string()
      .regex(
        /^(file:|libsql:|https?:|wss?:|postgres(ql)?:)/,
        "must start with file:, libsql:, http(s):, ws(s): (SQLite) or postgres(ql): (PostgreSQL)",
      )
      .default(DEFAULT_DATABASE_URL),
    /** Public origin of the site, used for canonical URLs and Open Graph tags. */
    SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
    /** Comma-separated; the first signs new cookies, all verify (rotation). Each one is 32+ characters. */
    SESSION_SECRET: unsetIfEmpty(
      z
        .string()
        .transform((value) => value.split(",").map((secret) => secret.trim()))
        .pipe(z.array(z.string().min(32, "each secret must be at least 32 characters"))),
    ),
    /** Content sources 1 and 2 of the fallback chain; empty = skipped. */
    WPCOM_SITE: unsetIfEmpty(
      z.string().regex(/^[a-z0-9.-]+$/i, "must be a WordPress.com site name such as example.wordpress.com"),
    ),
    WP_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ })),
    /** "off" stops the 5-minute content sync in this process (npm run sync still works). */
    CONTENT_SYNC: z.enum(["on", "off"]).default("on"),
    /** Root of the WordPress.com public API; tests point it at a local server. */
    WPCOM_API_BASE: z.url({ protocol: /^https?$/ }).default("https://public-api.wordpress.com"),
    /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example:587; unset = links go to the log. */
    SMTP_URL: unsetIfEmpty(z.url({ protocol: /^smtps?$/ })),
    MAIL_FROM: z.string().min(3).default("Horror Stories <no-reply@localhost>"),
    /** The address readers write to (contact page, terms, copyright claims). */
    CONTACT_EMAIL: z.email().default("hello@horrorstories.example"),
    /** The first administrator, created (or promoted) at start-up when both are set. */
    ADMIN_EMAIL: unsetIfEmpty(z.email()),
    ADMIN_PASSWORD: unsetIfEmpty(z.string().min(12, "must be at least 12 characters")),
    /** Header a trusted reverse proxy puts the client address in (e.g. X-Forwarded-For); unset = the socket. */
    TRUSTED_PROXY_HEADER: unsetIfEmpty(z.string().regex(/^[A-Za-z0-9-]+$/, "must be a header name")),
    /**
     * How many trusted proxies append to that header: the client's address is
     * that many entries from the right (server/client-address.ts).
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    /** PostgreSQL: how long a request waits for a database connection, then the 503 page (docs/decisions/045). */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(POSTGRES_CONNECT_TIMEOUT_MS),
    /** PostgreSQL: how long a query waits for the database's answer, then the 503 page. */
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(POSTGRES_QUERY_TIMEOUT_MS),
    /** How long a client may take to send its request headers, then 408. */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
    /**
     * How long a client may take to send its whole request, then 408. Generous:
     * a form post on slow-2g (6 KB/s) takes seconds, and no body is over 2 MB.
     */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
    /**
     * The community content flag's default (spec §2 /community-story/{slug}):
     * an admin's choice stored in the database (app/site/site-settings.server.ts) wins.
     */
    COMMUNITY_CONTENT: z.enum(["on", "off"]).default("on"),
    /** How many days raw analytics events are kept before only their daily roll-up remains (docs/decisions/023). */
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Where the image endpoint keeps its renditions (docs/decisions/027); unset = a folder in the system's temp dir. */
    IMAGE_CACHE_DIR: unsetIfEmpty(z.string().min(1)),
    /** The most the image cache holds, in MB; past it the least recently used renditions go. */
    IMAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(256),
    /**
     * bcrypt's cost for new password hashes (2^cost rounds). Empty: 12 in production (about
     * 250 ms a hash), 8 elsewhere. The test servers set 4: they run the production build, and
     * hundreds of registrations and sign-ins at cost 12 were a fifth of the browser suite's time.
     * Hashes of any cost keep verifying.
     */
    PASSWORD_HASH_COST: unsetIfEmpty(z.coerce.number().int().min(4).max(15)),
    /**
     * The OpenID Connect providers readers may sign in with, by id (comma-separated); each one is
     * described by the OIDC_<ID>_* variables (OIDC_PROVIDER_VARIABLES). Empty: none.
     */
    OIDC_PROVIDERS: z.preprocess(
      (value) => (typeof value === "string" ? value : ""),
      z
        .string()
        .transform((value) =>
          value
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean),
        )
        .pipe(
          z
            .array(
              z
                .string()
                .regex(OIDC_PROVIDER_ID, "each id must be 1 to 20 lowercase letters or digits, starting with a letter"),
            )
            .refine((ids) => new Set(ids).size === ids.length, "an id is listed twice"),
        ),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "ADMIN_EMAIL and ADMIN_PASSWORD go together" });
    }
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["HEADERS_TIMEOUT_MS"],
        message: "must not be longer than REQUEST_TIMEOUT_MS",
      });
    }
  });

/** One configured OpenID Connect provider (docs/decisions/013). */
export type OidcProvider = {
  /** The id in OIDC_PROVIDERS; part of the callback URL /auth/oidc/{id}/callback. */
  id: string;
  /** What the buttons say: "Sign in with {name}". */
  name: string;
  /** The issuer exactly as the provider's discovery document and ID tokens state it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
};

/** The variables that describe each provider: OIDC_<ID>_ISSUER, ... (ID is the id in capitals). */
export const OIDC_PROVIDER_VARIABLES = ["ISSUER", "CLIENT_ID", "CLIENT_SECRET", "NAME"] as const;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * An issuer is an https URL without query or fragment (OpenID Connect Discovery 1.0 §2); plain
 * http only on this machine (a Keycloak on localhost, the tests' provider).
 */
const OidcIssuer = z
  .url({ protocol: /^https?$/, error: "must be the provider's issuer URL, e.g. https://id.example/realms/horror" })
  .refine((value) => {
    if (!URL.canParse(value)) return true; // the URL check above says so
    const url = new URL(value);
    return url.protocol === "https:" || LOOPBACK_HOSTS.has(url.hostname);
  }, "must be https (plain http only on localhost)")
  .refine((value) => !value.includes("?") && !value.includes("#"), "must have no query or fragment");

const OidcProviderSchema = z.object({
  ISSUER: OidcIssuer,
  CLIENT_ID: z.string({ error: "is required" }).trim().min(1, "is required"),
  CLIENT_SECRET: z.string({ error: "is required" }).min(1, "is required"),
  NAME: z.string().trim().max(40, "must be at most 40 characters").optional(),
});

/** The providers OIDC_PROVIDERS names, each read from its OIDC_<ID>_* variables; issues name the variable. */
function parseOidcProviders(ids: string[], source: Record<string, string | undefined>) {
  const providers: OidcProvider[] = [];
  const issues: string[] = [];
  for (const id of ids) {
    const prefix = `OIDC_${id.toUpperCase()}_`;
    const values = Object.fromEntries(
      OIDC_PROVIDER_VARIABLES.map((name) => [name, source[`${prefix}${name}`] || undefined]),
    );
    const result = OidcProviderSchema.safeParse(values);
    if (!result.success) {
      for (const issue of result.error.issues) issues.push(`  ${prefix}${issue.path.join(".")}: ${issue.message}`);
      continue;
    }
    const { ISSUER, CLIENT_ID, CLIENT_SECRET, NAME } = result.data;
    providers.push({
      id,
      name: NAME || id.charAt(0).toUpperCase() + id.slice(1),
      issuer: ISSUER,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
  }
  return { providers, issues };
}

export type Env = z.infer<typeof EnvSchema> & { oidcProviders: OidcProvider[] };

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  const lines = result.success
    ? []
    : result.error.issues.map((issue) => `  ${String(issue.path[0] ?? "(env)")}: ${issue.message}`);
  const oidc = parseOidcProviders(result.success ? result.data.OIDC_PROVIDERS : [], source);
  lines.push(...oidc.issues);
  if (result.success && lines.length === 0) return { ...result.data, oidcProviders: oidc.providers };
  throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export const env = loadEnv();

/**
 * SITE_URL is plain http on a host other than this machine's loopback (an intranet name, an IP):
 * nothing between the reader and the site is encrypted.
 */
export function plainHttpSite(siteUrl: string): boolean {
  const url = new URL(siteUrl);
  return url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Whether the site's cookies carry Secure: in production, unless SITE_URL is plain http on a host
 * other than loopback. A browser drops a Secure cookie that an http page sets (http://localhost
 * counts as secure, so the tests' production servers keep it): on http://intranet-name every cookie
 * was dropped and nobody could sign in, with nothing to say why. The server warns at start
 * (startWarnings); docs/decisions/005. Every cookie of the site reads this one value.
 */
export const secureCookies = env.NODE_ENV === "production" && !plainHttpSite(env.SITE_URL);

/**
 * What the operator should know at start: a setting that works, but not the way they think. Printed
 * by the server once it listens (server/index.ts).
 */
export function startWarnings(config: Env): string[] {
  const warnings: string[] = [];
  if (config.NODE_ENV === "production" && plainHttpSite(config.SITE_URL))
    warnings.push(
      `SITE_URL (${config.SITE_URL}) is plain http on a host other than localhost: passwords and session cookies ` +
        "cross the network unencrypted, and the cookies go without Secure. Serve the site over https (a proxy " +
        "that ends TLS) and set SITE_URL to its https:// address.",
    );
  if (config.TRUSTED_PROXY_HEADER && config.HOST === undefined)
    warnings.push(
      `TRUSTED_PROXY_HEADER is set and the server listens on every interface: a client that reaches port ` +
        `${config.PORT} directly, not through the proxy, writes the ${config.TRUSTED_PROXY_HEADER} header ` +
        "itself, and so its own address for the rate limits. Set HOST=127.0.0.1 when the proxy runs on this " +
        "machine, or let only the proxy reach the port and set HOST=0.0.0.0 to say so.",
    );
  return warnings;
}

/** Secrets for signing cookies; a fixed development value outside production. */
export const sessionSecrets = env.SESSION_SECRET ?? ["development-only-secret-change-me-in-production"];
