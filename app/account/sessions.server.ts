// The account's active sessions on /settings/privacy: each with its device (the
// User-Agent parsed by bowser, as for feedback) and last use. Every query names
// the reader: nobody ends or sees another reader's sessions.
import { getSessionId } from "~/auth/session.server";
import { prisma } from "~/db.server";
import { clientInfo } from "~/utils/user-agent.server";

export type SessionView = {
  id: string;
  device: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
  remember: boolean;
};

/** "Chrome on Linux"; "Unknown device" when the browser never said. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const info = clientInfo(userAgent);
  if (info.browser === "Unknown" && info.operatingSystem === "Unknown") return "Unknown device";
  if (info.operatingSystem === "Unknown") return info.browser;
  if (info.browser === "Unknown") return `A browser on ${info.operatingSystem}`;
  return `${info.browser} on ${info.operatingSystem}`;
}

/**
 * The account's live sessions (an expired one is never listed: it goes within the hour,
 * app/auth/expired-rows.server.ts, or at the account's next sign-in), this browser's first, then the most recently used; `limit` of them, with the total.
 */
export async function listSessions(
  userId: string,
  request: Request,
  { now = Date.now(), limit }: { now?: number; limit?: number } = {},
): Promise<{ sessions: SessionView[]; total: number }> {
  const current = await getSessionId(request);
  const live = { userId, expiresAt: { gt: new Date(now) } };
  const select = { id: true, userAgent: true, createdAt: true, lastUsedAt: true, remember: true } as const;
  const [total, mine, rows] = await Promise.all([
    prisma.session.count({ where: live }),
    current ? prisma.session.findFirst({ where: { ...live, id: current }, select }) : null,
    prisma.session.findMany({
      where: current ? { ...live, id: { not: current } } : live,
      orderBy: [{ lastUsedAt: "desc" }, { createdAt: "desc" }],
      take: limit,
      select,
    }),
  ]);
  const view = (row: NonNullable<typeof mine>) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
    current: row.id === current,
    remember: row.remember,
  });
  // This browser's session first, then as many of the others as the limit leaves room for.
  const sessions = [...(mine ? [view(mine)] : []), ...rows.map(view)];
  return { sessions: sessions.slice(0, limit), total };
}

/** Ends one of the reader's own sessions; false when the reader has no such session. */
export async function endSession(userId: string, sessionId: string): Promise<boolean> {
  const { count } = await prisma.session.deleteMany({ where: { id: sessionId, userId } });
  return count === 1;
}
