// Rows that have served their time: expired sessions (refused by every check and listed nowhere)
// and expired reset links, and kept forms nobody came back for (./kept-form.server.ts). They were deleted only at the account's next sign-in or reset, so a
// reader who never came back left their devices' sessions behind for good. Deleted every hour,
// in one process at a time (`single`: the lease job:expired-rows). Email-change rows stay: an
// undo link outlives its confirmation (app/account/email-change.server.ts).
import { prisma } from "~/db.server";
import { scheduleJob } from "~/site/schedule.server";
import { deleteExpiredKeptForms } from "./kept-form.server";

export async function deleteExpiredRows(now = new Date()) {
  const [sessions, resets, keptForms] = await prisma.$transaction([
    prisma.session.deleteMany({ where: { expiresAt: { lte: now } } }),
    prisma.passwordReset.deleteMany({ where: { expiresAt: { lte: now } } }),
    deleteExpiredKeptForms(now),
  ]);
  return { sessions: sessions.count, resets: resets.count, keptForms: keptForms.count };
}

/** Start-up job: at the start, then every hour (as the analytics' purge). */
export function startExpiredRowsSchedule() {
  scheduleJob({
    name: "expired-rows",
    everyMs: 60 * 60_000,
    firstAfterMs: 0,
    single: true,
    run: () => deleteExpiredRows(),
  });
}
