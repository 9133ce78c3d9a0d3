import { PrismaLibSql } from "@prisma/adapter-libsql";
import { env } from "~/env.server";
import { PrismaClient } from "~/generated/prisma/client";

// One client per process; the global keeps it across dev-server reloads.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

export const prisma =
  globalForPrisma.prisma ?? new PrismaClient({ adapter: new PrismaLibSql({ url: env.DATABASE_URL }) });

if (env.NODE_ENV !== "production") globalForPrisma.prisma = prisma;
