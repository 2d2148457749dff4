CREATE TABLE "saved_items" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_items_user_id_kind_subject_id_pk" PRIMARY KEY("user_id","kind","subject_id")
);
--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_items_user_created_idx" ON "saved_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_items_subject_idx" ON "saved_items" USING btree ("kind","subject_id");--> statement-breakpoint
-- A post or clip that goes leaves every Saved list too (as its likes, comments and shares do).
CREATE OR REPLACE FUNCTION "engagement_forget_subjects"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "likes" l USING gone g WHERE l."kind" = TG_ARGV[0] AND l."subject_id" = g."id";
  DELETE FROM "comments" c USING gone g WHERE c."kind" = TG_ARGV[0] AND c."subject_id" = g."id";
  DELETE FROM "shares" s USING gone g WHERE s."kind" = TG_ARGV[0] AND s."subject_id" = g."id";
  DELETE FROM "saved_items" v USING gone g WHERE v."kind" = TG_ARGV[0] AND v."subject_id" = g."id";
  RETURN NULL;
END $$;
