// /settings/profile: the reader's name, display name and bio, and the password.
import { AuthError, usernameKey } from "~/auth/auth.server";
import { hashPassword } from "~/auth/password.server";
import { destroyOtherSessions } from "~/auth/session.server";
import { isUniqueViolation, prisma } from "~/db.server";
import { refreshCommunityRecords } from "~/library/story-records.server";
import { checkCurrentPassword } from "./current-password.server";

/** What /settings/profile shows. `hasPassword` is false for an account made through a sign-in provider. */
export async function getAccountSettings(userId: string) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      username: true,
      displayName: true,
      bio: true,
      email: true,
      avatar: true,
      password: { select: { userId: true } },
      emailChanges: {
        where: { usedAt: null, expiresAt: { gt: new Date() } },
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { newEmail: true },
      },
    },
  });
  const { password, emailChanges, ...rest } = user;
  return { ...rest, hasPassword: password !== null, pendingEmail: emailChanges[0]?.newEmail ?? null };
}

/** Username (registration's rules, unique whatever its case), display name and bio (plain text). */
export async function updateProfile(
  userId: string,
  input: { username: string; displayName: string; bio: string },
): Promise<void> {
  const key = usernameKey(input.username);
  const taken = await prisma.user.findFirst({ where: { usernameKey: key, id: { not: userId } }, select: { id: true } });
  if (taken) throw new AuthError("This username is taken. Try another one.", "username");
  try {
    await prisma.$transaction(async (tx) => {
      const before = await tx.user.update({
        where: { id: userId },
        data: {
          username: input.username,
          usernameKey: key,
          displayName: input.displayName || null,
          bio: input.bio || null,
        },
        select: { posts: { select: { slug: true } } },
      });
      // The library's records of the writer's stories name them: readers' shelves follow the new name.
      await refreshCommunityRecords(
        before.posts.map((post) => post.slug),
        tx,
      );
    });
  } catch (error) {
    // Another reader took the name between the check and the write (the unique key).
    if (isUniqueViolation(error)) throw new AuthError("This username was just taken. Try another one.", "username");
    throw error;
  }
}

/**
 * Changes the password (the current one must be right) or, for an account that
 * has none, sets one. Every other session of the account ends; this one stays.
 */
export async function changePassword(
  userId: string,
  input: { currentPassword?: string; newPassword: string },
  request: Request,
): Promise<{ endedSessions: number; set: boolean }> {
  const existing = await prisma.password.findUnique({ where: { userId }, select: { hash: true } });
  // Counted like the email form's guesses: a stolen session cannot guess its way to a new password.
  if (existing) await checkCurrentPassword(userId, input.currentPassword, existing.hash);
  const hash = await hashPassword(input.newPassword);
  await prisma.$transaction([
    prisma.password.upsert({ where: { userId }, create: { userId, hash }, update: { hash } }),
    // A reset link sent before the change would undo it.
    prisma.passwordReset.deleteMany({ where: { userId } }),
  ]);
  return { endedSessions: await destroyOtherSessions(userId, request), set: !existing };
}
