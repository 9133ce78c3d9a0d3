import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { recordAdminAction } from "./audit.server";
import { changeWatcher, markChanged } from "./changes.server";

afterEach(async () => {
  await prisma.keyValue.deleteMany({ where: { key: { startsWith: "change:" } } });
});

const purgesOf = () => ({ admin: vi.fn(), content: vi.fn() });

describe("change marks", () => {
  it("purge in another process what a change names, once, and nothing before the first change", async () => {
    const purges = purgesOf();
    // The watcher reads the database as another process's would; nothing here tells it directly.
    const watcher = changeWatcher(prisma, purges);
    expect(await watcher.check()).toEqual([]);
    expect(await watcher.check()).toEqual([]);
    await markChanged(prisma, "content");
    expect(await watcher.check()).toEqual(["content"]);
    expect(purges.content).toHaveBeenCalledTimes(1);
    expect(purges.admin).not.toHaveBeenCalled();
    expect(await watcher.check()).toEqual([]);
    // Two changes between two reads are one purge.
    await markChanged(prisma, "admin");
    await markChanged(prisma, "admin");
    expect(await watcher.check()).toEqual(["admin"]);
    expect(purges.admin).toHaveBeenCalledTimes(1);
  });

  it("every admin action marks an admin change with its audit row, in its transaction", async () => {
    const purges = purgesOf();
    const watcher = changeWatcher(prisma, purges);
    await watcher.check();
    const admin = await prisma.user.create({
      data: { email: "marks@horror.test", username: "marks_admin", usernameKey: "marks_admin", isAdmin: true },
    });
    await expect(
      prisma.$transaction(async (tx) => {
        await recordAdminAction(tx, admin, { action: "settings.update", objectType: "setting" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await watcher.check()).toEqual([]);
    await prisma.$transaction((tx) =>
      recordAdminAction(tx, admin, { action: "settings.update", objectType: "setting" }),
    );
    expect(await watcher.check()).toEqual(["admin"]);
    await prisma.adminAudit.deleteMany({ where: { adminId: admin.id } });
    await prisma.user.delete({ where: { id: admin.id } });
  });
});
