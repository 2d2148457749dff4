DROP INDEX "message_attachments_file_unique";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "forwarded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "message_attachments_file_idx" ON "message_attachments" USING btree ("file_id");