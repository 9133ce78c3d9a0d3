-- What a search reads, folded (app/content/search-index.server.ts): a new column for the own posts,
-- and the synced copies' "text" from now on folded too. Both are filled when the server starts
-- (rows where they are empty), since folding is the app's code, not SQL.
ALTER TABLE "Post" ADD COLUMN "searchText" TEXT NOT NULL DEFAULT '';
UPDATE "SyncedPost" SET "text" = '';
