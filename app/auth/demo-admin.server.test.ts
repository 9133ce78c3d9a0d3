import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { DEMO_ADMIN_EMAIL, demoAdminMessage, ensureDemoAdmin } from "./demo-admin.server";
import { verifyPassword } from "./password.server";

const demoAdmin = () =>
  prisma.user.findUnique({ where: { email: DEMO_ADMIN_EMAIL }, include: { password: true, sessions: true } });

beforeEach(async () => {
  await prisma.user.deleteMany({ where: { email: DEMO_ADMIN_EMAIL } });
});

describe("the demo's administrator (issue 40)", () => {
  it("is made once, with a generated password that is printed that once", async () => {
    const made = await ensureDemoAdmin({ nodeEnv: "development", adminEmail: "" });
    if (made.status !== "created") throw new Error(`expected created, got ${made.status}`);
    expect(made.password.length).toBeGreaterThanOrEqual(12);
    const user = await demoAdmin();
    expect(user?.isAdmin).toBe(true);
    expect(await verifyPassword(made.password, user?.password?.hash ?? "")).toBe(true);
    const message = demoAdminMessage(made, "http://localhost:3000");
    expect(message).toContain(`Administrator: ${DEMO_ADMIN_EMAIL} / ${made.password}`);
    expect(message).toContain("sign in at http://localhost:3000/auth");

    // A second run: the account exists, the password is not shown (nor stored in clear), and how to reset.
    const again = await ensureDemoAdmin({ nodeEnv: "development", adminEmail: "" });
    expect(again).toEqual({ status: "exists", email: DEMO_ADMIN_EMAIL });
    const told = demoAdminMessage(again);
    expect(told).not.toContain(made.password);
    expect(told).toContain("npm run demo:admin -- --reset");
    expect((await demoAdmin())?.password?.hash).not.toContain(made.password);

    // --reset: a new password, the old one no longer opens it, its sessions end.
    await prisma.session.create({ data: { userId: user?.id ?? "", expiresAt: new Date(Date.now() + 60_000) } });
    const reset = await ensureDemoAdmin({ reset: true, nodeEnv: "development", adminEmail: "" });
    if (reset.status !== "reset") throw new Error(`expected reset, got ${reset.status}`);
    const after = await demoAdmin();
    expect(await verifyPassword(reset.password, after?.password?.hash ?? "")).toBe(true);
    expect(await verifyPassword(made.password, after?.password?.hash ?? "")).toBe(false);
    expect(after?.sessions).toEqual([]);
  });

  it("is never made in production, nor beside the operator's ADMIN_EMAIL", async () => {
    const production = await ensureDemoAdmin({ nodeEnv: "production", adminEmail: "" });
    expect(production).toEqual({ status: "production" });
    expect(demoAdminMessage(production)).toContain("set ADMIN_EMAIL and ADMIN_PASSWORD");
    const configured = await ensureDemoAdmin({ nodeEnv: "development", adminEmail: "boss@horror.test" });
    expect(configured).toEqual({ status: "configured", email: "boss@horror.test" });
    expect(await demoAdmin()).toBeNull();
    expect(await prisma.user.count({ where: { isAdmin: true, email: DEMO_ADMIN_EMAIL } })).toBe(0);
  });
});
