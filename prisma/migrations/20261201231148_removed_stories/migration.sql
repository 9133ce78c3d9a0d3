-- CreateTable
CREATE TABLE "RemovedStory" (
    "slug" TEXT NOT NULL PRIMARY KEY,
    "removedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "Notification_link_idx" ON "Notification"("link");
