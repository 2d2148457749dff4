ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar" text DEFAULT 'gregorian' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digits" text;