import { PrismaLibSql } from "@prisma/adapter-libsql";
import { env } from "~/env.server";
import { PrismaClient } from "~/generated/prisma/client";

// One client per process; the global keeps it across dev-server reloads.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/**
 * How long a statement waits for another connection's lock on the SQLite file
 * (another server process, the content sync, a transaction) before failing.
 * libSQL's default is not to wait at all: any overlap was a 500.
 */
export const BUSY_TIMEOUT_MS = 5_000;

export const prisma =
  globalForPrisma.prisma ??
  new PrismaClient({ adapter: new PrismaLibSql({ url: env.DATABASE_URL, timeout: BUSY_TIMEOUT_MS }) });

if (env.NODE_ENV !== "production") globalForPrisma.prisma = prisma;
