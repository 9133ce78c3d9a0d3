-- CreateTable
CREATE TABLE "StoryRecord" (
    "slug" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL DEFAULT '',
    "author" TEXT,
    "date" DATETIME NOT NULL,
    "paragraphs" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "StoryTerm" (
    "storySlug" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    PRIMARY KEY ("storySlug", "kind", "slug"),
    CONSTRAINT "StoryTerm_storySlug_fkey" FOREIGN KEY ("storySlug") REFERENCES "StoryRecord" ("slug") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Bookmark" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "storySlug" TEXT NOT NULL,
    "shelf" TEXT NOT NULL DEFAULT 'bookmarked',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Bookmark_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Bookmark_storySlug_fkey" FOREIGN KEY ("storySlug") REFERENCES "StoryRecord" ("slug") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReadingPosition" (
    "userId" TEXT NOT NULL,
    "storySlug" TEXT NOT NULL,
    "paragraph" INTEGER NOT NULL,
    "percent" INTEGER NOT NULL,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "storySlug"),
    CONSTRAINT "ReadingPosition_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReadingPosition_storySlug_fkey" FOREIGN KEY ("storySlug") REFERENCES "StoryRecord" ("slug") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AvatarImage" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "data" BLOB NOT NULL,
    "version" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AvatarImage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "StoryTerm_kind_slug_idx" ON "StoryTerm"("kind", "slug");

-- CreateIndex
CREATE INDEX "Bookmark_userId_shelf_createdAt_idx" ON "Bookmark"("userId", "shelf", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Bookmark_userId_storySlug_key" ON "Bookmark"("userId", "storySlug");

-- CreateIndex
CREATE INDEX "ReadingPosition_storySlug_updatedAt_idx" ON "ReadingPosition"("storySlug", "updatedAt");

-- CreateIndex
CREATE INDEX "ReadingPosition_userId_updatedAt_idx" ON "ReadingPosition"("userId", "updatedAt");
