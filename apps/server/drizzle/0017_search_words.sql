CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The vocabulary follows the public rows' lexemes as they are written (posts, clips, names, tags): words of
-- four characters or more, letters only. Messages never add to it.
CREATE FUNCTION search_words_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT l.lexeme FROM unnest(NEW.search_terms) AS l
  WHERE char_length(l.lexeme) >= 4 AND l.lexeme !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_search_words AFTER INSERT OR UPDATE OF search_terms ON posts FOR EACH ROW WHEN (NEW.search_terms IS NOT NULL) EXECUTE FUNCTION search_words_note();--> statement-breakpoint
CREATE TRIGGER reels_search_words AFTER INSERT OR UPDATE OF search_terms ON reels FOR EACH ROW WHEN (NEW.search_terms IS NOT NULL) EXECUTE FUNCTION search_words_note();--> statement-breakpoint
CREATE TRIGGER users_search_words AFTER INSERT OR UPDATE OF search_terms ON users FOR EACH ROW WHEN (NEW.search_terms IS NOT NULL) EXECUTE FUNCTION search_words_note();--> statement-breakpoint
CREATE TRIGGER hashtags_search_words AFTER INSERT ON hashtags FOR EACH ROW EXECUTE FUNCTION search_words_note();--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT l.lexeme FROM (
  SELECT search_terms FROM posts WHERE search_terms IS NOT NULL
  UNION ALL SELECT search_terms FROM reels WHERE search_terms IS NOT NULL
  UNION ALL SELECT search_terms FROM users WHERE search_terms IS NOT NULL
  UNION ALL SELECT search_terms FROM hashtags
) r, unnest(r.search_terms) AS l
WHERE char_length(l.lexeme) >= 4 AND l.lexeme !~ '[0-9]'
ON CONFLICT DO NOTHING;
