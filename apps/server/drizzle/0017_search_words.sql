CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The vocabulary of the rows already indexed; a job adds new words every minute (features/search/vocabulary.ts).
INSERT INTO search_words (word)
SELECT DISTINCT l.lexeme FROM (
  SELECT search_terms FROM posts WHERE search_terms IS NOT NULL
  UNION ALL SELECT search_terms FROM reels WHERE search_terms IS NOT NULL
  UNION ALL SELECT search_terms FROM users WHERE search_terms IS NOT NULL
  UNION ALL SELECT search_terms FROM hashtags
) r, unnest(r.search_terms) AS l
WHERE char_length(l.lexeme) >= 4 AND l.lexeme !~ '[0-9]'
ON CONFLICT DO NOTHING;
