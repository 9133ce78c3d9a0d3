-- CreateTable
CREATE TABLE "KeptForm" (
    "id" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "fields" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KeptForm_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "KeptForm_expiresAt_idx" ON "KeptForm"("expiresAt");
