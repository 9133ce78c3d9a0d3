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

export async function listSessions(userId: string, request: Request, now = Date.now()): Promise<SessionView[]> {
  const current = await getSessionId(request);
  const rows = await prisma.session.findMany({
    where: { userId, expiresAt: { gt: new Date(now) } },
    orderBy: [{ lastUsedAt: "desc" }, { createdAt: "desc" }],
    select: { id: true, userAgent: true, createdAt: true, lastUsedAt: true, remember: true },
  });
  const views = rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
    current: row.id === current,
    remember: row.remember,
  }));
  // This browser's session first.
  return [...views.filter((s) => s.current), ...views.filter((s) => !s.current)];
}

/** Ends one of the reader's own sessions; false when the reader has no such session. */
export async function endSession(userId: string, sessionId: string): Promise<boolean> {
  const { count } = await prisma.session.deleteMany({ where: { id: sessionId, userId } });
  return count === 1;
}
