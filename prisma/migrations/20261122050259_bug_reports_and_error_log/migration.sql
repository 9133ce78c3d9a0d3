-- CreateTable
CREATE TABLE "BugReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "whatHappened" TEXT NOT NULL,
    "steps" TEXT,
    "expected" TEXT,
    "page" TEXT,
    "severity" TEXT NOT NULL DEFAULT 'medium',
    "errorId" TEXT,
    "userAgent" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'new',
    "userId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ErrorLog" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "timestamp" DATETIME NOT NULL,
    "message" TEXT NOT NULL,
    "stack" TEXT,
    "componentStack" TEXT,
    "userAgent" TEXT,
    "url" TEXT,
    "userId" TEXT,
    "context" TEXT,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "BugReport_status_createdAt_idx" ON "BugReport"("status", "createdAt");

-- CreateIndex
CREATE INDEX "ErrorLog_receivedAt_idx" ON "ErrorLog"("receivedAt");
