-- One engagement module: likes, comments and shares of posts and clips in three tables keyed by
-- (kind, subject_id). Every row of the five old tables is kept.
CREATE TABLE "likes" (
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_kind_subject_id_user_id_pk" PRIMARY KEY("kind","subject_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"user_id" uuid,
	"ref" text NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Usernames of deleted accounts, held for 30 days by hash (nothing leads back to the member).
CREATE TABLE "held_usernames" (
	"name_hash" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO "likes" ("kind", "subject_id", "user_id", "created_at")
  SELECT 'post', "post_id", "user_id", "created_at" FROM "post_likes";
--> statement-breakpoint
INSERT INTO "likes" ("kind", "subject_id", "user_id", "created_at")
  SELECT 'reel', "reel_id", "user_id", "created_at" FROM "reel_likes";
--> statement-breakpoint
INSERT INTO "shares" ("id", "kind", "subject_id", "user_id", "ref", "network", "created_at")
  SELECT "id", 'post', "post_id", "user_id", "ref", "network", "created_at" FROM "post_shares";
--> statement-breakpoint
INSERT INTO "shares" ("id", "kind", "subject_id", "user_id", "ref", "network", "created_at")
  SELECT "id", 'reel', "reel_id", "user_id", "ref", "network", "created_at" FROM "reel_shares";
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
UPDATE "comments" SET "kind" = 'post', "subject_id" = "post_id";--> statement-breakpoint
ALTER TABLE "comments" DROP CONSTRAINT "comments_post_id_posts_id_fk";--> statement-breakpoint
DROP INDEX "comments_post_created_idx";--> statement-breakpoint
ALTER TABLE "comments" DROP COLUMN "post_id";--> statement-breakpoint
INSERT INTO "comments" ("id", "kind", "subject_id", "author_id", "parent_id", "content", "created_at")
  SELECT "id", 'reel', "reel_id", "author_id", "parent_id", "content", "created_at" FROM "reel_comments";
--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "subject_id" SET NOT NULL;--> statement-breakpoint
DROP TABLE "post_likes" CASCADE;--> statement-breakpoint
DROP TABLE "post_shares" CASCADE;--> statement-breakpoint
DROP TABLE "reel_comments" CASCADE;--> statement-breakpoint
DROP TABLE "reel_likes" CASCADE;--> statement-breakpoint
DROP TABLE "reel_shares" CASCADE;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_user_idx" ON "likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shares_subject_idx" ON "shares" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "shares_user_idx" ON "shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_subject_created_idx" ON "comments" USING btree ("kind","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id");--> statement-breakpoint
-- A post or clip that goes (deleted, or with its author's account) takes its likes, comments and
-- shares with it: the foreign keys the old per-kind tables had, for every kind at once.
CREATE FUNCTION "engagement_forget_subjects"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "likes" l USING gone g WHERE l."kind" = TG_ARGV[0] AND l."subject_id" = g."id";
  DELETE FROM "comments" c USING gone g WHERE c."kind" = TG_ARGV[0] AND c."subject_id" = g."id";
  DELETE FROM "shares" s USING gone g WHERE s."kind" = TG_ARGV[0] AND s."subject_id" = g."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_forget_engagement" AFTER DELETE ON "posts"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "engagement_forget_subjects"('post');
--> statement-breakpoint
CREATE TRIGGER "reels_forget_engagement" AFTER DELETE ON "reels"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "engagement_forget_subjects"('reel');
