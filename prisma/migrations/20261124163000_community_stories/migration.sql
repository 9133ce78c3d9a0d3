-- CreateTable
CREATE TABLE "PostRevision" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "postId" INTEGER NOT NULL,
    "authorId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    "warnings" TEXT NOT NULL DEFAULT '',
    "mature" BOOLEAN NOT NULL DEFAULT false,
    "wordCount" INTEGER NOT NULL DEFAULT 0,
    "categoryId" INTEGER,
    "tags" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "moderationNote" TEXT,
    "submittedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PostRevision_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PostRevision_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ModerationAction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "postId" INTEGER NOT NULL,
    "revisionId" TEXT,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "fromStatus" TEXT NOT NULL,
    "toStatus" TEXT NOT NULL,
    "message" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ModerationAction_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ModerationAction_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- Community stories on the own-posts table: additive columns only (another
-- branch may add columns to Post at the same time; a redefinition would drop them).
ALTER TABLE "Post" ADD COLUMN "summary" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Post" ADD COLUMN "markdown" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Post" ADD COLUMN "warnings" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Post" ADD COLUMN "mature" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Post" ADD COLUMN "wordCount" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Post" ADD COLUMN "proposedTags" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Post" ADD COLUMN "submittedAt" DATETIME;
ALTER TABLE "Post" ADD COLUMN "publishedAt" DATETIME;
ALTER TABLE "Post" ADD COLUMN "moderationNote" TEXT;
CREATE INDEX "Post_authorId_updatedAt_idx" ON "Post"("authorId", "updatedAt");

-- CreateIndex
CREATE INDEX "PostRevision_postId_status_idx" ON "PostRevision"("postId", "status");

-- CreateIndex
CREATE INDEX "PostRevision_status_submittedAt_idx" ON "PostRevision"("status", "submittedAt");

-- CreateIndex
CREATE INDEX "ModerationAction_postId_createdAt_idx" ON "ModerationAction"("postId", "createdAt");

-- CreateIndex
CREATE INDEX "ModerationAction_createdAt_idx" ON "ModerationAction"("createdAt");
