-- CreateTable
CREATE TABLE "RemovedStory" (
    "slug" TEXT NOT NULL,
    "removedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RemovedStory_pkey" PRIMARY KEY ("slug")
);

-- CreateIndex
CREATE INDEX "Notification_link_idx" ON "Notification"("link");
