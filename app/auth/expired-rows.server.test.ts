// The hourly deletion of what has expired: nothing a reader can still use goes with it.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { registerUser } from "./auth.server";
import { deleteExpiredRows } from "./expired-rows.server";

beforeEach(async () => {
  await prisma.session.deleteMany();
  await prisma.user.deleteMany();
  await prisma.keptForm.deleteMany();
});

describe("deleteExpiredRows", () => {
  it("deletes expired sessions, reset links and kept forms, and keeps the ones still valid", async () => {
    const user = await registerUser({ email: "gone@horror.test", username: "longgone", password: "long-enough" });
    const now = new Date();
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 60_000);
    await prisma.session.createMany({
      data: [
        { userId: user.id, remember: false, expiresAt: past },
        { userId: user.id, remember: true, expiresAt: future },
      ],
    });
    await prisma.passwordReset.createMany({
      data: [
        { userId: user.id, tokenHash: "a".repeat(64), expiresAt: past },
        { userId: user.id, tokenHash: "b".repeat(64), expiresAt: future },
      ],
    });
    await prisma.keptForm.createMany({
      data: [
        { id: "kept-past", path: "/submit-story", fields: "{}", expiresAt: past },
        { id: "kept-future", path: "/submit-story", fields: "{}", expiresAt: future },
      ],
    });
    expect(await deleteExpiredRows(now)).toEqual({ sessions: 1, resets: 1, keptForms: 1 });
    expect(await prisma.keptForm.findMany({ select: { id: true } })).toEqual([{ id: "kept-future" }]);
    expect(await prisma.session.findMany({ where: { userId: user.id }, select: { expiresAt: true } })).toEqual([
      { expiresAt: future },
    ]);
    expect(await prisma.passwordReset.count({ where: { userId: user.id } })).toBe(1);
    expect(await deleteExpiredRows(now)).toEqual({ sessions: 0, resets: 0, keptForms: 0 });
  });
});
