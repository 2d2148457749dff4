-- A file shared by two messages (allowed before) stays with one of them; the other loses it.
DELETE FROM "message_attachments" a USING "message_attachments" b WHERE a."file_id" = b."file_id" AND (a."message_id"::text, a."position") > (b."message_id"::text, b."position");--> statement-breakpoint
CREATE UNIQUE INDEX "message_attachments_file_unique" ON "message_attachments" USING btree ("file_id");
