-- CreateTable
CREATE TABLE "ReadingPreferences" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "values" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ReadingPreferences_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
