import { prisma } from "~/db.server";
import { libraryCounts } from "~/library/library.server";

/** What /profile shows of the signed-in reader. */
export async function getProfile(userId: string) {
  const [user, counts] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { username: true, displayName: true, bio: true, avatar: true, isAdmin: true, createdAt: true },
    }),
    libraryCounts(userId),
  ]);
  return { ...user, joined: user.createdAt.toISOString(), counts };
}
