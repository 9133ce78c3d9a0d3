-- The server's own exceptions join the error log (issue 15: the server's error log grouped by message and route).
ALTER TABLE "ErrorLog" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'browser';
