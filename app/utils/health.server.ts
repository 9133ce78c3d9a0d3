import { prisma } from "~/db.server";

const CHECK_TIMEOUT_MS = 3_000;

/** "ok" when the database answers a trivial query within 3 s, otherwise "unavailable". */
export async function checkDatabase(): Promise<"ok" | "unavailable"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database check timed out")), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([prisma.$queryRaw`SELECT 1`, timeout]);
    return "ok";
  } catch {
    return "unavailable";
  } finally {
    clearTimeout(timer);
  }
}
