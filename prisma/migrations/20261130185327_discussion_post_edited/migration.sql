-- AlterTable
ALTER TABLE "DiscussionPost" ADD COLUMN "editedAt" DATETIME;
