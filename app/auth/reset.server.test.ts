// Which reset links work: only the newest, once, and none after the password changed.
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { changePassword } from "~/account/settings.server";
import { prisma } from "~/db.server";
import { registerUser } from "./auth.server";
import { isResetTokenUsable, requestPasswordReset, resetPassword } from "./reset.server";
import { createSession, getSessionUser } from "./session.server";

beforeEach(async () => {
  await prisma.session.deleteMany();
  await prisma.user.deleteMany();
  await prisma.rateLimit.deleteMany();
});

let n = 0;
const token = () => (++n).toString(16).padStart(64, "0");
/** A link as requestPasswordReset stores it (only the token's SHA-256), with a token the test knows. */
async function link(userId: string) {
  const t = token();
  await prisma.passwordReset.create({
    data: {
      userId,
      tokenHash: createHash("sha256").update(t).digest("hex"),
      expiresAt: new Date(Date.now() + 60 * 60_000),
    },
  });
  return t;
}
const cookieFrom = (setCookie: string) =>
  new Request("http://x/", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });

describe("password reset links", () => {
  it("an earlier link stops working when a newer one is asked for", async () => {
    const user = await registerUser({ email: "r1@horror.test", username: "resetone", password: "long-enough" });
    const older = await link(user.id);
    expect(await isResetTokenUsable(older)).toBe(true);
    await requestPasswordReset(user.email, "http://x");
    expect(await isResetTokenUsable(older)).toBe(false);
    expect(await resetPassword(older, "a-new-password")).toBe(false);
    expect(await prisma.passwordReset.count({ where: { userId: user.id } })).toBe(1);
  });

  it("a reset ends every session of the account and every other outstanding link", async () => {
    const user = await registerUser({ email: "r2@horror.test", username: "resettwo", password: "long-enough" });
    const session = await createSession(user.id, true);
    const [first, second] = [await link(user.id), await link(user.id)];
    expect(await resetPassword(second, "a-new-password")).toBe(true);
    expect(await getSessionUser(cookieFrom(session))).toBeNull();
    expect(await isResetTokenUsable(first)).toBe(false);
    expect(await isResetTokenUsable(second)).toBe(false);
  });

  it("a password change ends every outstanding link", async () => {
    const user = await registerUser({ email: "r3@horror.test", username: "resetthree", password: "long-enough" });
    const session = await createSession(user.id, false);
    const outstanding = await link(user.id);
    await changePassword(
      user.id,
      { currentPassword: "long-enough", newPassword: "another-one-1" },
      cookieFrom(session),
    );
    expect(await isResetTokenUsable(outstanding)).toBe(false);
  });
});
