import { prisma } from "~/db.server";

const CHECK_TIMEOUT_MS = 3_000;
/** The KeyValue row the health check writes and reads back. */
export const HEALTH_KEY = "health";

/**
 * "ok" when the database takes a write and reads it back within 3 s, otherwise
 * "unavailable". `SELECT 1` never touches the file, so it answered "ok" for a
 * database file overwritten with junk while every real request failed; the
 * Docker HEALTHCHECK restarts on this answer, so it must do what requests do.
 */
export async function checkDatabase(): Promise<"ok" | "unavailable"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database check timed out")), CHECK_TIMEOUT_MS);
  });
  const value = new Date().toISOString();
  const check = prisma.$transaction(async (tx) => {
    await tx.keyValue.upsert({ where: { key: HEALTH_KEY }, create: { key: HEALTH_KEY, value }, update: { value } });
    const row = await tx.keyValue.findUnique({ where: { key: HEALTH_KEY } });
    if (row?.value !== value) throw new Error("the health row did not read back");
  });
  try {
    await Promise.race([check, timeout]);
    return "ok";
  } catch {
    return "unavailable";
  } finally {
    clearTimeout(timer);
  }
}
