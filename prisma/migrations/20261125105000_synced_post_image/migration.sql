-- Synced copies keep their featured image (issue 17): additive, nullable.
ALTER TABLE "SyncedPost" ADD COLUMN "image" TEXT;
