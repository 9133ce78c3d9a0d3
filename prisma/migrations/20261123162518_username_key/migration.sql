-- Usernames that differ only in case become one username (issue 11): "usernameKey" is
-- lower("username"), unique, while "username" keeps the reader's spelling.
--
-- Accounts registered before this could already share a username in all but case. The
-- oldest keeps it; each later one gets the end of its id appended, so that every key is
-- unique (the reader can still sign in: sign-in is by email).
UPDATE "User" SET "username" = "username" || '-' || substr("id", -6)
WHERE EXISTS (
    SELECT 1 FROM "User" AS "older"
    WHERE lower("older"."username") = lower("User"."username")
      AND ("older"."createdAt" < "User"."createdAt" OR ("older"."createdAt" = "User"."createdAt" AND "older"."id" < "User"."id"))
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "usernameKey" TEXT NOT NULL,
    "avatar" TEXT,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_User" ("avatar", "createdAt", "email", "id", "isAdmin", "updatedAt", "username", "usernameKey") SELECT "avatar", "createdAt", "email", "id", "isAdmin", "updatedAt", "username", lower("username") FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");
CREATE UNIQUE INDEX "User_usernameKey_key" ON "User"("usernameKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
