-- CreateTable
CREATE TABLE "FormReceipt" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "headers" TEXT NOT NULL DEFAULT '[]',
    "body" BLOB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "FormReceipt_createdAt_idx" ON "FormReceipt"("createdAt");
