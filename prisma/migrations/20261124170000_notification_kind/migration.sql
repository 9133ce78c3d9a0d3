-- The preference kind a notification was sent under (the digest mails what the reader chose).
ALTER TABLE "Notification" ADD COLUMN "kind" TEXT;
