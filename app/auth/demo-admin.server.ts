// The demo's administrator (issue 40): `npm run demo` gives a newcomer an account to try the admin
// area with, a generated password printed once (only its bcrypt hash is stored, so a later run
// cannot show it again: it says the account exists and how to get a new password). Never in
// production, where the administrator comes from ADMIN_EMAIL / ADMIN_PASSWORD only
// (ensureInitialAdmin), and never beside an administrator the operator configured.
import { randomBytes } from "node:crypto";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { ensureInitialAdmin, setAdminPassword } from "./auth.server";
import { hashPassword } from "./password.server";

/** A reserved name (RFC 6761 .localhost): no mail ever goes anywhere. */
export const DEMO_ADMIN_EMAIL = "admin@demo.localhost";

export type DemoAdmin =
  | { status: "created" | "reset"; email: string; password: string }
  | { status: "exists"; email: string }
  | { status: "configured"; email: string }
  | { status: "production" };

type Options = { reset?: boolean; nodeEnv?: string; adminEmail?: string };

/** Creates the demo administrator if there is none (or gives it a new password with `reset`). */
export async function ensureDemoAdmin({
  reset = false,
  nodeEnv = env.NODE_ENV,
  adminEmail = env.ADMIN_EMAIL,
}: Options = {}): Promise<DemoAdmin> {
  if (nodeEnv === "production") return { status: "production" };
  if (adminEmail) return { status: "configured", email: adminEmail };
  const email = DEMO_ADMIN_EMAIL;
  // 24 characters of base64url: 144 random bits, past the 12-character minimum.
  const password = randomBytes(18).toString("base64url");
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (!existing) {
    await ensureInitialAdmin(email, password);
    return { status: "created", email, password };
  }
  if (!reset) return { status: "exists", email };
  await setAdminPassword(existing.id, await hashPassword(password));
  return { status: "reset", email, password };
}

/** What the demo prints about its administrator. */
export function demoAdminMessage(result: DemoAdmin, siteUrl = env.SITE_URL): string {
  const signIn = `${siteUrl.replace(/\/$/, "")}/auth`;
  switch (result.status) {
    case "created":
    case "reset":
      return [
        `Administrator: ${result.email} / ${result.password}`,
        `  sign in at ${signIn}. The password is shown this once; keep it.`,
      ].join("\n");
    case "exists":
      return [
        `The demo administrator ${result.email} exists (its password was printed when it was made).`,
        "  A new password for it: npm run demo:admin -- --reset",
      ].join("\n");
    case "configured":
      return `Administrator: ${result.email} (ADMIN_EMAIL and ADMIN_PASSWORD), sign in at ${signIn}.`;
    case "production":
      return "No demo administrator in production: set ADMIN_EMAIL and ADMIN_PASSWORD.";
  }
}
