-- The undo of a confirmed email change (issue 39): a single-use link to the old address.
-- CreateTable
CREATE TABLE "EmailRestore" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "oldEmail" TEXT NOT NULL,
    "newEmail" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailRestore_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailRestore_tokenHash_key" ON "EmailRestore"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailRestore_userId_idx" ON "EmailRestore"("userId");
