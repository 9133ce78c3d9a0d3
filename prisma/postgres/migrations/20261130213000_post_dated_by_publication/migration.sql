-- A dated post is listed by its publication date (app/content/publication-date.ts): posts an admin
-- published after saving them as a draft, or backdated, kept their creation date and were listed
-- where a reader would not look for the date they show.
UPDATE "Post" SET "createdAt" = "publishedAt" WHERE "publishedAt" IS NOT NULL AND "createdAt" <> "publishedAt";
