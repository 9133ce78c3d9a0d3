import { PrismaLibSql } from "@prisma/adapter-libsql";
import { env } from "~/env.server";
import { PrismaClient } from "~/generated/prisma/client";

/**
 * How long a local SQLite connection waits for another one's lock before it
 * fails with SQLITE_BUSY. Locks are held by other server processes, the
 * content sync, and this process too: the client keeps a pool of connections.
 * libSQL's default is not to wait at all, which turned any overlap into a 500.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

// One client per process; the global keeps it across dev-server reloads.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

export const prisma =
  globalForPrisma.prisma ??
  new PrismaClient({ adapter: new PrismaLibSql({ url: env.DATABASE_URL, timeout: SQLITE_BUSY_TIMEOUT_MS }) });

if (env.NODE_ENV !== "production") globalForPrisma.prisma = prisma;
