-- CreateTable
CREATE TABLE "DiscussionThread" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "authorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastPostAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DiscussionThread_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DiscussionPost" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "threadId" INTEGER,
    "storyId" INTEGER,
    "authorId" TEXT,
    "body" TEXT NOT NULL,
    "quoteOfId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'visible',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DiscussionPost_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "DiscussionThread" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DiscussionPost_storyId_fkey" FOREIGN KEY ("storyId") REFERENCES "Post" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DiscussionPost_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DiscussionReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "postId" INTEGER NOT NULL,
    "reporterId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "details" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "openKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" DATETIME,
    CONSTRAINT "DiscussionReport_postId_fkey" FOREIGN KEY ("postId") REFERENCES "DiscussionPost" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DiscussionReport_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DiscussionModeration" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "postId" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "adminId" TEXT,
    "adminName" TEXT NOT NULL,
    "reports" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "DiscussionThread_lastPostAt_idx" ON "DiscussionThread"("lastPostAt");

-- CreateIndex
CREATE INDEX "DiscussionPost_threadId_id_idx" ON "DiscussionPost"("threadId", "id");

-- CreateIndex
CREATE INDEX "DiscussionPost_storyId_id_idx" ON "DiscussionPost"("storyId", "id");

-- CreateIndex
CREATE INDEX "DiscussionPost_authorId_idx" ON "DiscussionPost"("authorId");

-- CreateIndex
CREATE UNIQUE INDEX "DiscussionReport_openKey_key" ON "DiscussionReport"("openKey");

-- CreateIndex
CREATE INDEX "DiscussionReport_status_createdAt_idx" ON "DiscussionReport"("status", "createdAt");

-- CreateIndex
CREATE INDEX "DiscussionReport_postId_idx" ON "DiscussionReport"("postId");

-- CreateIndex
CREATE INDEX "DiscussionModeration_postId_idx" ON "DiscussionModeration"("postId");

-- CreateIndex
CREATE INDEX "DiscussionModeration_createdAt_idx" ON "DiscussionModeration"("createdAt");
