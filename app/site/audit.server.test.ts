import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { listAudit, recordAdminAction } from "./audit.server";

const admin = { id: "admin-1", username: "keeper" };

beforeEach(async () => {
  await prisma.adminAudit.deleteMany();
});

describe("admin audit log", () => {
  it("records who, what, which object, and the values before and after", async () => {
    await recordAdminAction(prisma, admin, {
      action: "user.suspend",
      objectType: "user",
      objectId: "u1",
      before: { suspended: false },
      after: { suspended: true },
    });
    const { rows, total } = await listAudit();
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      adminName: "keeper",
      action: "user.suspend",
      objectType: "user",
      objectId: "u1",
      before: { suspended: false },
      after: { suspended: true },
    });
  });

  it("is written with the change or not at all", async () => {
    await expect(
      prisma.$transaction(async (tx) => {
        await recordAdminAction(tx, admin, { action: "category.delete", objectType: "category", objectId: 7 });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await listAudit()).total).toBe(0);
  });

  it("lists the newest first and filters by object", async () => {
    await recordAdminAction(prisma, admin, { action: "a.first", objectType: "user", objectId: "u1" });
    await recordAdminAction(prisma, admin, { action: "a.second", objectType: "tag", objectId: "3" });
    expect((await listAudit({ objectType: "user", objectId: "u1" })).rows.map((r) => r.action)).toEqual(["a.first"]);
    expect((await listAudit()).rows).toHaveLength(2);
  });
});
