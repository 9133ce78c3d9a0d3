-- CreateTable
CREATE TABLE "FormReceipt" (
    "key" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "headers" TEXT NOT NULL DEFAULT '[]',
    "body" BYTEA,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FormReceipt_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "FormReceipt_createdAt_idx" ON "FormReceipt"("createdAt");
