-- CreateTable
CREATE TABLE "PageView" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "day" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "pageType" TEXT NOT NULL,
    "storySlug" TEXT,
    "referrer" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL,
    "visitor" TEXT NOT NULL,
    "returning" BOOLEAN NOT NULL DEFAULT false,
    "browser" TEXT NOT NULL DEFAULT 'Unknown',
    "os" TEXT NOT NULL DEFAULT 'Unknown',
    "screenWidth" INTEGER,
    "screenHeight" INTEGER,
    "screenClass" TEXT NOT NULL DEFAULT 'unknown',
    "connection" TEXT NOT NULL DEFAULT 'unknown',
    "saveData" BOOLEAN NOT NULL DEFAULT false
);

-- CreateTable
CREATE TABLE "WebVital" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "day" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "value" REAL NOT NULL,
    "identifier" TEXT NOT NULL,
    "navigationType" TEXT NOT NULL DEFAULT '',
    "path" TEXT NOT NULL,
    "pageType" TEXT NOT NULL,
    "connection" TEXT NOT NULL DEFAULT 'unknown'
);

-- CreateTable
CREATE TABLE "PerformanceReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "day" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "pageType" TEXT NOT NULL,
    "connection" TEXT NOT NULL DEFAULT 'unknown',
    "domContentLoaded" REAL NOT NULL,
    "firstByte" REAL NOT NULL,
    "loadEvent" REAL NOT NULL,
    "transferSize" INTEGER NOT NULL,
    "encodedBodySize" INTEGER NOT NULL,
    "decodedBodySize" INTEGER NOT NULL,
    "performanceScore" INTEGER,
    "coreVitals" TEXT NOT NULL DEFAULT '{}'
);

-- CreateTable
CREATE TABLE "ReadingEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "day" TEXT NOT NULL,
    "visitor" TEXT NOT NULL,
    "storySlug" TEXT NOT NULL,
    "percent" INTEGER NOT NULL,
    "finished" BOOLEAN NOT NULL DEFAULT false
);

-- CreateTable
CREATE TABLE "AnalyticsSalt" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "salt" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "AnalyticsDaily" (
    "day" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" REAL NOT NULL,

    PRIMARY KEY ("day", "metric", "key")
);

-- CreateIndex
CREATE INDEX "PageView_day_idx" ON "PageView"("day");

-- CreateIndex
CREATE INDEX "PageView_createdAt_idx" ON "PageView"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebVital_identifier_key" ON "WebVital"("identifier");

-- CreateIndex
CREATE INDEX "WebVital_day_idx" ON "WebVital"("day");

-- CreateIndex
CREATE INDEX "WebVital_createdAt_idx" ON "WebVital"("createdAt");

-- CreateIndex
CREATE INDEX "PerformanceReport_day_idx" ON "PerformanceReport"("day");

-- CreateIndex
CREATE INDEX "PerformanceReport_createdAt_idx" ON "PerformanceReport"("createdAt");

-- CreateIndex
CREATE INDEX "ReadingEvent_day_idx" ON "ReadingEvent"("day");

-- CreateIndex
CREATE INDEX "ReadingEvent_createdAt_idx" ON "ReadingEvent"("createdAt");
