// The one place that reads process.env. Parsed once at start-up: a bad or
// missing value stops the server with a message that names the variable.
import { z } from "zod";
import { DEFAULT_DATABASE_URL } from "./database";

/** An empty variable (`WP_URL=` in .env) means "not set". */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^(file:|libsql:|https?:|wss?:)/, "must start with file:, libsql:, http(s): or ws(s):")
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
    /** How long a client may take to send its request headers, then 408. */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
    /**
     * How long a client may take to send its whole request, then 408. Generous:
     * a form post on slow-2g (6 KB/s) takes seconds, and no body is over 2 MB.
     */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
    /**
     * The community content flag's default (spec §2 /community-story/{slug}):
     * an admin's choice stored in the database (app/admin/site-settings.server.ts) wins.
     */
    COMMUNITY_CONTENT: z.enum(["on", "off"]).default("on"),
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

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
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

/** Secrets for signing cookies; a fixed development value outside production. */
export const sessionSecrets = env.SESSION_SECRET ?? ["development-only-secret-change-me-in-production"];
