// The linking rules of connected accounts (docs/decisions/013):
// - a provider's subject belongs to one account; a reader has one connection per provider;
// - an unknown subject creates an account only with a verified email no account uses, and is
//   NEVER linked to an existing account by email (whoever controls a provider account with that
//   address would take the account over): connecting is done signed in, from settings;
// - a connection is removed only while another way to sign in remains (a password, or another
//   connection).
import { randomBytes } from "node:crypto";
import { isUniqueViolation, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { isRegistrationOpen } from "~/site/site-settings.server";
import { serializeOn } from "~/site/sql.server";
import { usernameKey } from "./auth.server";
import type { OidcIdentity } from "./oidc.server";

/** How a reader can sign in: what /settings/connected-accounts shows, and what the other settings pages can ask. */
export type SignInMethods = {
  hasPassword: boolean;
  connections: { provider: string; email: string | null; createdAt: Date; lastUsedAt: Date }[];
};

export async function getSignInMethods(userId: string): Promise<SignInMethods> {
  const [password, connections] = await Promise.all([
    prisma.password.findUnique({ where: { userId }, select: { userId: true } }),
    prisma.connectedAccount.findMany({
      where: { userId },
      select: { provider: true, email: true, createdAt: true, lastUsedAt: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return { hasPassword: Boolean(password), connections };
}

export type ConnectionErrorCode =
  | "linked-elsewhere"
  | "already-connected"
  | "last-way"
  | "not-connected"
  | "email-taken"
  | "email-unverified"
  | "account-gone"
  | "suspended"
  | "registration-closed";

export class ConnectionError extends Error {
  readonly code: ConnectionErrorCode;
  constructor(code: ConnectionErrorCode) {
    super(code);
    this.name = "ConnectionError";
    this.code = code;
  }
}

const isMissingReference = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && (error.code === "P2003" || error.code === "P2025");

/** Connects a provider account to a signed-in reader's account. */
export async function connectAccount(userId: string, identity: OidcIdentity): Promise<void> {
  const where = { provider_subject: { provider: identity.provider, subject: identity.subject } };
  const existing = await prisma.connectedAccount.findUnique({ where, select: { userId: true } });
  if (existing && existing.userId !== userId) throw new ConnectionError("linked-elsewhere");
  if (existing) {
    await prisma.connectedAccount.update({ where, data: { email: identity.email } });
    return;
  }
  try {
    await prisma.connectedAccount.create({
      data: { provider: identity.provider, subject: identity.subject, email: identity.email, userId },
    });
  } catch (error) {
    if (isMissingReference(error)) throw new ConnectionError("account-gone");
    if (!isUniqueViolation(error)) throw error;
    // Either this reader has another account of the provider, or someone connected this one meanwhile.
    const now = await prisma.connectedAccount.findUnique({ where, select: { userId: true } });
    throw new ConnectionError(now && now.userId !== userId ? "linked-elsewhere" : "already-connected");
  }
}

/**
 * Removes a connection unless it is the last way to sign in. One statement, so two removals at
 * once cannot both leave the account without a way in.
 */
export async function disconnectAccount(userId: string, provider: string): Promise<void> {
  const removed = await prisma.$transaction(async (tx) => {
    // PostgreSQL: two removals at once would each see the other connection (sql.server.ts).
    await serializeOn(tx, `sign-in-ways:${userId}`);
    return tx.$executeRaw`
      DELETE FROM "ConnectedAccount" WHERE "userId" = ${userId} AND "provider" = ${provider} AND (
        EXISTS (SELECT 1 FROM "Password" WHERE "userId" = ${userId})
        OR EXISTS (SELECT 1 FROM "ConnectedAccount" WHERE "userId" = ${userId} AND "provider" <> ${provider})
      )`;
  });
  if (removed === 1) return;
  const connection = await prisma.connectedAccount.findUnique({
    where: { userId_provider: { userId, provider } },
    select: { id: true },
  });
  throw new ConnectionError(connection ? "last-way" : "not-connected");
}

/** 3 to 30 of letters, digits, - and _ (RegisterSchema), from what the provider calls the person. */
export function usernameBase(hint: string | null): string {
  const cleaned = (hint ?? "")
    .normalize("NFKD")
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9_-]/g, "")
    .replace(/^[-_]+/, "")
    .slice(0, 24);
  return cleaned.length >= 3 ? cleaned : "reader";
}

/** The base itself if free, else base-2 ... base-9, else base and random letters: unique whatever the case. */
async function freeUsername(base: string): Promise<string> {
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}-${i + 2}`)];
  const taken = await prisma.user.findMany({
    where: { usernameKey: { in: candidates.map(usernameKey) } },
    select: { usernameKey: true },
  });
  const takenKeys = new Set(taken.map((u) => u.usernameKey));
  return candidates.find((c) => !takenKeys.has(usernameKey(c))) ?? `${base}-${randomBytes(3).toString("hex")}`;
}

/**
 * The account a provider's answer opens: the connected one, or a new account (no password) when
 * the subject is unknown, the email is verified and no account has it. Returns the user's id.
 */
export async function accountForIdentity(identity: OidcIdentity): Promise<{ userId: string; created: boolean }> {
  const where = { provider_subject: { provider: identity.provider, subject: identity.subject } };
  const connection = await prisma.connectedAccount.findUnique({
    where,
    select: { userId: true, user: { select: { suspendedAt: true } } },
  });
  if (connection?.user.suspendedAt) throw new ConnectionError("suspended");
  if (connection) {
    await prisma.connectedAccount.update({ where, data: { lastUsedAt: new Date(), email: identity.email } });
    return { userId: connection.userId, created: false };
  }
  if (!identity.email || !identity.emailVerified) throw new ConnectionError("email-unverified");
  const email = identity.email.toLowerCase();
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) {
    throw new ConnectionError("email-taken");
  }
  // Registration closed (/admin/settings): a known account still signs in above, a new one is refused.
  if (!(await isRegistrationOpen())) throw new ConnectionError("registration-closed");
  const base = usernameBase(identity.usernameHint);
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = await freeUsername(base);
    try {
      const user = await prisma.user.create({
        data: {
          email,
          username,
          usernameKey: usernameKey(username),
          connectedAccounts: {
            create: { provider: identity.provider, subject: identity.subject, email: identity.email },
          },
        },
        select: { id: true },
      });
      return { userId: user.id, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Raced: the email or the subject was taken meanwhile (then refuse), or the username (then try again).
      if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) {
        throw new ConnectionError("email-taken");
      }
      const now = await prisma.connectedAccount.findUnique({ where, select: { userId: true } });
      if (now) return { userId: now.userId, created: false };
    }
  }
  throw new Error("no free username after three attempts");
}

/** Whether a create failed because the user row is gone (a session for a deleted account). */
export const userIsGone = isMissingReference;
