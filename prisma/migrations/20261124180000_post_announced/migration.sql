-- When readers were told of a published own or community story (a new-story notification, once).
ALTER TABLE "Post" ADD COLUMN "announcedAt" DATETIME;

-- Everything already public was known before: only stories published from now on are news.
UPDATE "Post" SET "announcedAt" = CURRENT_TIMESTAMP WHERE "status" = 'published';
