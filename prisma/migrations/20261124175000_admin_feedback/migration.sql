-- CreateTable
CREATE TABLE "AdminNote" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "itemType" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "adminId" TEXT,
    "adminName" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ErrorGroupStatus" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "message" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'new',
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "AdminNote_itemType_itemId_createdAt_idx" ON "AdminNote"("itemType", "itemId", "createdAt");

-- Issue 15's review statuses, additively: the columns stay, their old values are mapped
-- (docs/decisions/020). Feedback: reviewed -> in-review, resolved -> done.
UPDATE "Feedback" SET "status" = 'in-review' WHERE "status" = 'reviewed';
UPDATE "Feedback" SET "status" = 'done' WHERE "status" = 'resolved';
-- Copyright claims: new and reviewing -> received, upheld -> content-removed.
UPDATE "CopyrightClaim" SET "status" = 'received' WHERE "status" IN ('new', 'reviewing');
UPDATE "CopyrightClaim" SET "status" = 'content-removed' WHERE "status" = 'upheld';
