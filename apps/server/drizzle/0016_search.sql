-- Search (issue 35): pg_trgm for misspelt names and tags (PGlite loads it as an extension too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "hashtags" (
	"name" text PRIMARY KEY NOT NULL,
	"search_terms" "tsvector" NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_searches" (
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_searches_user_id_query_pk" PRIMARY KEY("user_id","query")
);
--> statement-breakpoint
CREATE TABLE "tag_follows" (
	"user_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_follows_user_id_tag_pk" PRIMARY KEY("user_id","tag")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_terms" "tsvector";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_terms" "tsvector";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_terms" "tsvector";--> statement-breakpoint
ALTER TABLE "reels" ADD COLUMN "search_terms" "tsvector";--> statement-breakpoint
ALTER TABLE "reels" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_follows" ADD CONSTRAINT "tag_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hashtags_name_trgm_idx" ON "hashtags" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hashtags_search_idx" ON "hashtags" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "posts_tags_idx" ON "posts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "reels_search_idx" ON "reels" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "reels_tags_idx" ON "reels" USING gin ("tags");;--> statement-breakpoint
-- Hashtag counts follow the rows that carry the tags, whichever path wrote or removed them (edits, deletes,
-- account deletion by cascade). Posts without tags never run it.
CREATE FUNCTION hashtags_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_tags text[] := '{}';
  new_tags text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN old_tags := OLD.tags; END IF;
  IF TG_OP <> 'DELETE' THEN new_tags := NEW.tags; END IF;
  UPDATE hashtags SET uses = greatest(uses - 1, 0) WHERE name = ANY(old_tags) AND NOT (name = ANY(new_tags));
  UPDATE hashtags SET uses = uses + 1 WHERE name = ANY(new_tags) AND NOT (name = ANY(old_tags));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_hashtags_insert AFTER INSERT ON posts FOR EACH ROW WHEN (cardinality(NEW.tags) > 0) EXECUTE FUNCTION hashtags_count();--> statement-breakpoint
CREATE TRIGGER posts_hashtags_update AFTER UPDATE OF tags ON posts FOR EACH ROW WHEN (OLD.tags IS DISTINCT FROM NEW.tags) EXECUTE FUNCTION hashtags_count();--> statement-breakpoint
CREATE TRIGGER posts_hashtags_delete AFTER DELETE ON posts FOR EACH ROW WHEN (cardinality(OLD.tags) > 0) EXECUTE FUNCTION hashtags_count();--> statement-breakpoint
CREATE TRIGGER reels_hashtags_insert AFTER INSERT ON reels FOR EACH ROW WHEN (cardinality(NEW.tags) > 0) EXECUTE FUNCTION hashtags_count();--> statement-breakpoint
CREATE TRIGGER reels_hashtags_update AFTER UPDATE OF tags ON reels FOR EACH ROW WHEN (OLD.tags IS DISTINCT FROM NEW.tags) EXECUTE FUNCTION hashtags_count();--> statement-breakpoint
CREATE TRIGGER reels_hashtags_delete AFTER DELETE ON reels FOR EACH ROW WHEN (cardinality(OLD.tags) > 0) EXECUTE FUNCTION hashtags_count();
