-- AlterTable
ALTER TABLE "DiscussionPost" ADD COLUMN     "editedAt" TIMESTAMP(3);
